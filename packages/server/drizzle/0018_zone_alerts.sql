DROP INDEX "warning_log_transition_uq";--> statement-breakpoint
ALTER TABLE "warning_log" ADD COLUMN "zone_id" integer;--> statement-breakpoint
ALTER TABLE "zone" ADD COLUMN "departure_charge_percent" double precision;--> statement-breakpoint
ALTER TABLE "warning_log" ADD CONSTRAINT "warning_log_zone_id_zone_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zone"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_log" ADD CONSTRAINT "warning_log_transition_uq" UNIQUE NULLS NOT DISTINCT("vehicle_id","attribute_name","type","episode_since","zone_id");