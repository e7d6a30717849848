CREATE TABLE "zone_visit" (
	"vehicle_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone,
	"start_odometer" double precision,
	"end_odometer" double precision,
	"gps_miles" double precision DEFAULT 0 NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "zone_visit_vehicle_id_entered_at_zone_id_pk" PRIMARY KEY("vehicle_id","entered_at","zone_id")
);
--> statement-breakpoint
ALTER TABLE "charging_session" ADD COLUMN "zone_id" integer;--> statement-breakpoint
ALTER TABLE "charging_session" ADD COLUMN "cost" double precision;--> statement-breakpoint
ALTER TABLE "charging_session" ADD COLUMN "currency" varchar(3);--> statement-breakpoint
ALTER TABLE "charging_session" ADD COLUMN "priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zone_visit" ADD CONSTRAINT "zone_visit_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_visit" ADD CONSTRAINT "zone_visit_zone_id_zone_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zone"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zone_visit_zone_idx" ON "zone_visit" USING btree ("zone_id","entered_at");--> statement-breakpoint
ALTER TABLE "charging_session" ADD CONSTRAINT "charging_session_zone_id_zone_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zone"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

-- Every instance caches each vehicle's zones (src/telemetry/visits/zone-cache.ts); a write on any
-- instance tells them all to read the zones again.
CREATE TRIGGER zone_changed AFTER INSERT OR UPDATE OR DELETE ON zone FOR EACH STATEMENT
  EXECUTE FUNCTION evfleet_notify_row('evfleet_zones');
