ALTER TABLE "reading_day" ADD COLUMN "minutes" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "minute_readings" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_charge_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_charge_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_charge_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_charge_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "pack_voltage_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "pack_voltage_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "pack_voltage_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "pack_voltage_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "charge_status_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "charge_status_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "charge_status_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "charge_status_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_12v_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_12v_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_12v_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "battery_12v_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "vehicle_current_low" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "vehicle_current_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "vehicle_current_high" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "vehicle_current_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "limp_mode_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "limp_mode_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "limp_mode_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "limp_mode_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gear_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gear_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gear_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gear_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "speed_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "speed_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "speed_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "speed_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_rpm_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_rpm_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_rpm_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_rpm_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "controller_temp_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "controller_temp_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "controller_temp_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "controller_temp_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_temp_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_temp_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_temp_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_temp_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "odometer_low" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "odometer_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "odometer_high" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "odometer_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "days_not_charged_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "days_not_charged_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "days_not_charged_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "days_not_charged_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_lat_low" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_lat_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_lat_high" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_lat_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_long_low" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_long_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_long_high" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_long_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_signal_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_signal_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_signal_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "gps_signal_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "lte_signal_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "lte_signal_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "lte_signal_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "lte_signal_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "miles_to_empty_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "miles_to_empty_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "miles_to_empty_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "miles_to_empty_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cabin_temp_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cabin_temp_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cabin_temp_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cabin_temp_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "brake_pressure_low" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "brake_pressure_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "brake_pressure_high" integer[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "brake_pressure_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_current_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_current_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_current_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "motor_current_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "throttle_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "throttle_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "throttle_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "throttle_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "heading_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "heading_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "heading_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "heading_high_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cell_pack_temp_low" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cell_pack_temp_low_exact" double precision[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cell_pack_temp_high" smallint[];--> statement-breakpoint
ALTER TABLE "reading_day" ADD COLUMN "cell_pack_temp_high_exact" double precision[];