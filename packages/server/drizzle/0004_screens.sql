CREATE TABLE "role_permission" (
	"authority" varchar(50) NOT NULL,
	"permission" varchar(64) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_permission_authority_permission_pk" PRIMARY KEY("authority","permission")
);
--> statement-breakpoint
CREATE TABLE "user_preference" (
	"user_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preference_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "vehicle_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"file_id" integer,
	"default_template" boolean DEFAULT false NOT NULL,
	"attributes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "can_report_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"template_name" varchar(100) NOT NULL,
	"columns" text[] NOT NULL,
	"vehicle_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"period" varchar(8) NOT NULL,
	"weekday" smallint,
	"hour" smallint NOT NULL,
	"recipients" text[] NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"principal" varchar(254) NOT NULL,
	"type" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"remote_address" varchar(64),
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "car" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "email_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"template" text,
	"type" varchar(16) DEFAULT 'WARNING' NOT NULL,
	"attribute_name" varchar(32),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255),
	"emails" text[] DEFAULT '{}' NOT NULL,
	"sms_numbers" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_daily_stat" (
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"miles" double precision DEFAULT 0 NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"charging_seconds" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_daily_stat_vehicle_id_day_pk" PRIMARY KEY("vehicle_id","day")
);
--> statement-breakpoint
CREATE TABLE "vehicle_notification" (
	"vehicle_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	CONSTRAINT "vehicle_notification_vehicle_id_notification_id_pk" PRIMARY KEY("vehicle_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "iot_version" varchar(64);--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "pcm_version" varchar(64);--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_authority_authority_name_fk" FOREIGN KEY ("authority") REFERENCES "public"."authority"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preference" ADD CONSTRAINT "user_preference_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_template" ADD CONSTRAINT "vehicle_template_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "can_report_template" ADD CONSTRAINT "can_report_template_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "can_report_template" ADD CONSTRAINT "can_report_template_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule" ADD CONSTRAINT "report_schedule_template_id_can_report_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."can_report_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD CONSTRAINT "vehicle_daily_stat_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_notification" ADD CONSTRAINT "vehicle_notification_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_notification" ADD CONSTRAINT "vehicle_notification_notification_id_notification_list_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notification_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_template_name_trgm" ON "vehicle_template" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "can_report_template_name_uq" ON "can_report_template" USING btree ("user_id",lower("template_name"));--> statement-breakpoint
CREATE INDEX "report_schedule_next_run_idx" ON "report_schedule" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedule_template_uq" ON "report_schedule" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "audit_event_at_idx" ON "audit_event" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_event_principal_idx" ON "audit_event" USING btree ("principal","at");--> statement-breakpoint
CREATE INDEX "email_template_type_idx" ON "email_template" USING btree ("type","attribute_name");--> statement-breakpoint
CREATE INDEX "vehicle_daily_stat_day_idx" ON "vehicle_daily_stat" USING btree ("day");--> statement-breakpoint
CREATE INDEX "vehicle_notification_list_idx" ON "vehicle_notification" USING btree ("notification_id");--> statement-breakpoint
ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_template_id_vehicle_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."vehicle_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_template_idx" ON "vehicle" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "vehicle_name_trgm" ON "vehicle" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_vin_trgm" ON "vehicle" USING gin ("vin" gin_trgm_ops);