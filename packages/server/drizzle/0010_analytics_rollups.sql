CREATE TABLE "signal_minute" (
	"vehicle_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"low" double precision[] NOT NULL,
	"high" double precision[] NOT NULL,
	CONSTRAINT "signal_minute_vehicle_id_minute_pk" PRIMARY KEY("vehicle_id","minute")
);
--> statement-breakpoint
CREATE TABLE "vehicle_running_total" (
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"distance_miles" double precision NOT NULL,
	"energy_used_kwh" double precision NOT NULL,
	"energy_charged_kwh" double precision NOT NULL,
	"idle_seconds" double precision NOT NULL,
	"idle_charge_lost" double precision NOT NULL,
	"driving_days" integer NOT NULL,
	CONSTRAINT "vehicle_running_total_vehicle_id_day_pk" PRIMARY KEY("vehicle_id","day")
);
--> statement-breakpoint
ALTER TABLE "signal_minute" ADD CONSTRAINT "signal_minute_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_running_total" ADD CONSTRAINT "vehicle_running_total_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;