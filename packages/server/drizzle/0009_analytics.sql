CREATE TABLE "battery_estimate" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"estimated_capacity_kwh" double precision,
	"sessions" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_session" (
	"vehicle_id" integer NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"peak_power_kw" double precision,
	"start_charge" double precision,
	"end_charge" double precision,
	"start_odometer" double precision,
	"end_odometer" double precision,
	"gps_miles" double precision DEFAULT 0 NOT NULL,
	"gps_lat" double precision,
	"gps_long" double precision,
	CONSTRAINT "charging_session_vehicle_id_start_ts_pk" PRIMARY KEY("vehicle_id","start_ts")
);
--> statement-breakpoint
CREATE TABLE "low_cell_count" (
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"cell" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "low_cell_count_vehicle_id_day_cell_pk" PRIMARY KEY("vehicle_id","day","cell")
);
--> statement-breakpoint
ALTER TABLE "vehicle" ADD COLUMN "rated_capacity_kwh" double precision;--> statement-breakpoint
ALTER TABLE "vehicle_template" ADD COLUMN "rated_capacity_kwh" double precision;--> statement-breakpoint
ALTER TABLE "vehicle_template" ADD COLUMN "cell_spread_warn_mv" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "energy_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "peak_power_kw" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "start_charge" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "end_charge" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "start_odometer" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "end_odometer" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "gps_miles" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "gps_lat" double precision;--> statement-breakpoint
ALTER TABLE "trip" ADD COLUMN "gps_long" double precision;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD COLUMN "energy_used_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD COLUMN "gps_miles" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD COLUMN "idle_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD COLUMN "idle_charge_lost" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD COLUMN "rest_spread_sum_mv" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_daily_stat" ADD COLUMN "rest_spread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "battery_estimate" ADD CONSTRAINT "battery_estimate_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_session" ADD CONSTRAINT "charging_session_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_cell_count" ADD CONSTRAINT "low_cell_count_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charging_session_vehicle_end_idx" ON "charging_session" USING btree ("vehicle_id","end_ts");