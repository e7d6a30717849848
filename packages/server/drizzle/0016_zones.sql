CREATE TABLE "zone" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"geometry" jsonb NOT NULL,
	"dealer_id" integer,
	"fleet_id" integer,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"min_dwell_seconds" integer DEFAULT 60 NOT NULL,
	"speed_limit_mph" double precision,
	"tariff" jsonb,
	"evening_time" varchar(5),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zone_one_owner" CHECK (num_nonnulls("zone"."dealer_id", "zone"."fleet_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "zone" ADD CONSTRAINT "zone_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone" ADD CONSTRAINT "zone_fleet_id_fleet_id_fk" FOREIGN KEY ("fleet_id") REFERENCES "public"."fleet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zone_dealer_idx" ON "zone" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "zone_fleet_idx" ON "zone" USING btree ("fleet_id");