-- Every instance caches who may see what, each device's credential and each vehicle's tracker. These
-- triggers tell every instance at commit (src/db/notifications.ts), whatever code made the write, so
-- a right that ends ends at once everywhere. A message lists the changed rows' keys (before and
-- after), or nothing when only "something changed" matters: the live feed then reads every scope again.
CREATE FUNCTION evfleet_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys jsonb := '[]';
  old_key jsonb;
  new_key jsonb;
BEGIN
  IF TG_NARGS > 1 THEN
    IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) -> TG_ARGV[1]; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) -> TG_ARGV[1]; END IF;
    IF jsonb_typeof(old_key) <> 'null' THEN keys := keys || jsonb_build_array(old_key); END IF;
    IF jsonb_typeof(new_key) <> 'null' AND new_key IS DISTINCT FROM old_key THEN keys := keys || jsonb_build_array(new_key); END IF;
  END IF;
  PERFORM pg_notify(TG_ARGV[0], keys::text);
  RETURN NULL;
END $$;--> statement-breakpoint

-- Who may see what (src/auth/visibility.ts): an account's sessions and links, and a vehicle's owners.
CREATE TRIGGER app_user_access AFTER UPDATE ON app_user FOR EACH ROW
  WHEN (OLD.session_version IS DISTINCT FROM NEW.session_version OR OLD.staff IS DISTINCT FROM NEW.staff
    OR OLD.activated IS DISTINCT FROM NEW.activated)
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access', 'id');--> statement-breakpoint
CREATE TRIGGER app_user_access_gone AFTER DELETE ON app_user FOR EACH ROW
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access', 'id');--> statement-breakpoint
CREATE TRIGGER user_authority_access AFTER INSERT OR DELETE ON user_authority FOR EACH ROW
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access', 'user_id');--> statement-breakpoint
CREATE TRIGGER dealer_access AFTER UPDATE ON dealer FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER dealer_access_gone AFTER DELETE ON dealer FOR EACH STATEMENT
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER fleet_access AFTER UPDATE ON fleet FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.dealer_id IS DISTINCT FROM NEW.dealer_id)
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER fleet_access_gone AFTER DELETE ON fleet FOR EACH STATEMENT
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER driver_access AFTER UPDATE ON driver FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.fleet_id IS DISTINCT FROM NEW.fleet_id)
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER driver_access_gone AFTER DELETE ON driver FOR EACH STATEMENT
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER vehicle_access AFTER UPDATE ON vehicle FOR EACH ROW
  WHEN (OLD.dealer_id IS DISTINCT FROM NEW.dealer_id OR OLD.fleet_id IS DISTINCT FROM NEW.fleet_id
    OR OLD.driver_id IS DISTINCT FROM NEW.driver_id)
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint
CREATE TRIGGER vehicle_access_new AFTER INSERT ON vehicle FOR EACH STATEMENT
  EXECUTE FUNCTION evfleet_notify_row('evfleet_access');--> statement-breakpoint

-- A device's credential (src/telemetry/devices.ts): its VIN and token hash.
CREATE TRIGGER vehicle_device AFTER UPDATE ON vehicle FOR EACH ROW
  WHEN (OLD.vin IS DISTINCT FROM NEW.vin OR OLD.device_token_hash IS DISTINCT FROM NEW.device_token_hash)
  EXECUTE FUNCTION evfleet_notify_row('evfleet_devices', 'vin');--> statement-breakpoint
CREATE TRIGGER vehicle_device_new_or_gone AFTER INSERT OR DELETE ON vehicle FOR EACH ROW
  EXECUTE FUNCTION evfleet_notify_row('evfleet_devices', 'vin');--> statement-breakpoint

-- A vehicle's tracker and the profiles that read it (src/telemetry/trackers/tracker-registry.ts).
CREATE TRIGGER vehicle_tracker_changed AFTER INSERT OR UPDATE OR DELETE ON vehicle_tracker FOR EACH ROW
  EXECUTE FUNCTION evfleet_notify_row('evfleet_trackers', 'vehicle_id');--> statement-breakpoint
CREATE TRIGGER device_profile_changed AFTER UPDATE OR DELETE ON device_profile FOR EACH STATEMENT
  EXECUTE FUNCTION evfleet_notify_row('evfleet_trackers');
