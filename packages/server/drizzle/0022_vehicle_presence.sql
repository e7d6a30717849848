ALTER TABLE "vehicle_state" ADD COLUMN "offline_since" timestamp with time zone;--> statement-breakpoint
-- Vehicles silent for longer than the default ten minutes are offline already: their going offline is not news.
UPDATE "vehicle_state" SET "offline_since" = "last_reported" + interval '10 minutes' WHERE "last_reported" < now() - interval '10 minutes';
