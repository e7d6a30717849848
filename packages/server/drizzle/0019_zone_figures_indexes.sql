CREATE INDEX "charging_session_priced_idx" ON "charging_session" USING btree ("start_ts") WHERE "charging_session"."cost" is not null;--> statement-breakpoint
CREATE INDEX "warning_log_zone_date_idx" ON "warning_log" USING btree ("date") WHERE "warning_log"."zone_id" is not null;--> statement-breakpoint
CREATE INDEX "zone_visit_exited_idx" ON "zone_visit" USING btree ("exited_at");