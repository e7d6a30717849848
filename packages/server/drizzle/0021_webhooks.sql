CREATE TABLE "webhook" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" varchar(2000) NOT NULL,
	"events" varchar(32)[] NOT NULL,
	"secret" varchar(200) NOT NULL,
	"format" varchar(8) DEFAULT 'json' NOT NULL,
	"dealer_id" integer,
	"fleet_id" integer,
	"paused_at" timestamp with time zone,
	"pause_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" integer NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"vehicle_id" integer,
	"dedupe_key" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"status_code" smallint,
	"error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_delivery_id_uq" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_user_idx" ON "webhook" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_dedupe_uq" ON "webhook_delivery" USING btree ("webhook_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_attempt_at") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_order_idx" ON "webhook_delivery" USING btree ("webhook_id","vehicle_id","seq") WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_list_idx" ON "webhook_delivery" USING btree ("webhook_id","seq");