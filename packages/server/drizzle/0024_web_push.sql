CREATE TABLE "push_delivery" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" varchar(2000) NOT NULL,
	"p256dh" varchar(200) NOT NULL,
	"auth" varchar(200) NOT NULL,
	"min_severity" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_delivery" ADD CONSTRAINT "push_delivery_subscription_id_push_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_delivery_dedupe_uq" ON "push_delivery" USING btree ("subscription_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "push_delivery_due_idx" ON "push_delivery" USING btree ("next_attempt_at") WHERE "push_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "push_delivery_created_idx" ON "push_delivery" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscription_endpoint_uq" ON "push_subscription" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscription_user_idx" ON "push_subscription" USING btree ("user_id");