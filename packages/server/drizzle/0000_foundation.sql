CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" varchar(50) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(50),
	"last_name" varchar(50),
	"activated" boolean DEFAULT false NOT NULL,
	"lang_key" varchar(10) DEFAULT 'en' NOT NULL,
	"activation_key" varchar(64),
	"reset_key" varchar(64),
	"reset_date" timestamp with time zone,
	"created_by" varchar(50) DEFAULT 'system' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now(),
	"last_modified_by" varchar(50),
	"last_modified_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "authority" (
	"name" varchar(50) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"kind" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" varchar(16),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "role_page" (
	"authority" varchar(50) NOT NULL,
	"page" varchar(64) NOT NULL,
	CONSTRAINT "role_page_authority_page_pk" PRIMARY KEY("authority","page")
);
--> statement-breakpoint
CREATE TABLE "user_authority" (
	"user_id" integer NOT NULL,
	"authority" varchar(50) NOT NULL,
	CONSTRAINT "user_authority_user_id_authority_pk" PRIMARY KEY("user_id","authority")
);
--> statement-breakpoint
ALTER TABLE "role_page" ADD CONSTRAINT "role_page_authority_authority_name_fk" FOREIGN KEY ("authority") REFERENCES "public"."authority"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authority" ADD CONSTRAINT "user_authority_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authority" ADD CONSTRAINT "user_authority_authority_authority_name_fk" FOREIGN KEY ("authority") REFERENCES "public"."authority"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_login_uq" ON "app_user" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_uq" ON "app_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "app_user_activation_key_idx" ON "app_user" USING btree ("activation_key");--> statement-breakpoint
CREATE INDEX "app_user_reset_key_idx" ON "app_user" USING btree ("reset_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;