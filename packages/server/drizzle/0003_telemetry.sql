-- can_reading is partitioned by month on ts (added by hand: Drizzle does not model partitioning);
-- telemetry/partitions.ts creates the partitions ahead of time and for late readings.
CREATE TABLE "alert_state" (
	"vehicle_id" integer NOT NULL,
	"attribute_name" varchar(32) NOT NULL,
	"band" varchar(16) NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"logged" boolean NOT NULL,
	"last_notified_at" timestamp with time zone,
	"last_ts" timestamp with time zone,
	CONSTRAINT "alert_state_vehicle_id_attribute_name_pk" PRIMARY KEY("vehicle_id","attribute_name")
);
--> statement-breakpoint
CREATE TABLE "can_reading" (
	"vehicle_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"battery_charge" double precision,
	"pack_voltage" double precision,
	"charge_status" double precision,
	"battery_12v" double precision,
	"vehicle_current" double precision,
	"limp_mode" double precision,
	"gear" double precision,
	"speed" double precision,
	"motor_rpm" double precision,
	"controller_temp" double precision,
	"motor_temp" double precision,
	"odometer" double precision,
	"days_not_charged" double precision,
	"gps_lat" double precision,
	"gps_long" double precision,
	"gps_signal" double precision,
	"lte_signal" double precision,
	"miles_to_empty" double precision,
	"cabin_temp" double precision,
	"brake_pressure" double precision,
	"motor_current" double precision,
	"throttle" double precision,
	"heading" double precision,
	"cell_pack_temp" double precision,
	"cells" real[],
	"extra" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "can_reading_vehicle_id_ts_pk" PRIMARY KEY("vehicle_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "trip" (
	"vehicle_id" integer NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "trip_vehicle_id_start_ts_pk" PRIMARY KEY("vehicle_id","start_ts")
);
--> statement-breakpoint
CREATE TABLE "vehicle_state" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cells" real[],
	"last_reported" timestamp with time zone,
	"can_last_reported" timestamp with time zone,
	"gps_last_reported" timestamp with time zone,
	"last_charged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warning_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"attribute_name" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"value" double precision,
	"date" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"notification_content" text,
	"episode_since" timestamp with time zone NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" varchar(8) DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" varchar(200);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "device_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "cells" integer DEFAULT 32 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "time_zone" varchar(64) DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "notification_email" varchar(254);--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "notification_sms" varchar(32);--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "email_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "sms_notification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "attributes" jsonb;--> statement-breakpoint
ALTER TABLE "alert_state" ADD CONSTRAINT "alert_state_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip" ADD CONSTRAINT "trip_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD CONSTRAINT "vehicle_state_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_log" ADD CONSTRAINT "warning_log_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_vehicle_end_idx" ON "trip" USING btree ("vehicle_id","end_ts");--> statement-breakpoint
CREATE INDEX "vehicle_state_last_reported_idx" ON "vehicle_state" USING btree ("last_reported");--> statement-breakpoint
CREATE UNIQUE INDEX "warning_log_transition_uq" ON "warning_log" USING btree ("vehicle_id","attribute_name","type","episode_since");--> statement-breakpoint
CREATE INDEX "warning_log_vehicle_date_idx" ON "warning_log" USING btree ("vehicle_id","date");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_dedupe_uq" UNIQUE("dedupe_key");