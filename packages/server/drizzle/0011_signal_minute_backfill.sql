-- Readings stored before signal_minute existed (0010) have no minutes: the charts of their periods
-- were empty after an upgrade. The same summary rebuildMinutes writes (src/telemetry/signal-minutes.ts),
-- for each minute of readings that has none; the chart signals as they were at this migration.
INSERT INTO "signal_minute" ("vehicle_id", "minute", "readings", "low", "high")
SELECT r.vehicle_id, date_trunc('minute', r.ts), count(*),
  array[min(r.battery_charge), min(r.pack_voltage), min(r.charge_status), min(r.battery_12v), min(r.vehicle_current), min(r.limp_mode), min(r.gear), min(r.speed), min(r.motor_rpm), min(r.controller_temp), min(r.motor_temp), min(r.odometer), min(r.days_not_charged), min(r.gps_lat), min(r.gps_long), min(r.gps_signal), min(r.lte_signal), min(r.miles_to_empty), min(r.cabin_temp), min(r.brake_pressure), min(r.motor_current), min(r.throttle), min(r.heading), min(r.cell_pack_temp)]::float8[],
  array[max(r.battery_charge), max(r.pack_voltage), max(r.charge_status), max(r.battery_12v), max(r.vehicle_current), max(r.limp_mode), max(r.gear), max(r.speed), max(r.motor_rpm), max(r.controller_temp), max(r.motor_temp), max(r.odometer), max(r.days_not_charged), max(r.gps_lat), max(r.gps_long), max(r.gps_signal), max(r.lte_signal), max(r.miles_to_empty), max(r.cabin_temp), max(r.brake_pressure), max(r.motor_current), max(r.throttle), max(r.heading), max(r.cell_pack_temp)]::float8[]
FROM "can_reading" r
WHERE NOT EXISTS (
  SELECT 1 FROM "signal_minute" m WHERE m.vehicle_id = r.vehicle_id AND m.minute = date_trunc('minute', r.ts)
)
GROUP BY 1, 2
ON CONFLICT DO NOTHING;
