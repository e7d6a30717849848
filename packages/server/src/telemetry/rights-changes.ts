import type { Sessions } from '../auth/sessions.js';
import type { Notifications } from '../db/notifications.js';
import type { DeviceRegistry } from './devices.js';
import type { Trackers } from './trackers/trackers.js';
import type { ZoneCache } from './visits/zone-cache.js';

/** The keys a trigger's message lists (migration 0015): ids or VINs. */
const keysOf = (payload: string): unknown[] => {
  const keys: unknown = JSON.parse(payload);
  return Array.isArray(keys) ? keys : [];
};

/**
 * What this instance caches about rights, dropped when the database's triggers (migration 0015) say
 * that a write on any instance changed it, so a right that ends ends everywhere at once
 * (docs/security.md): an account's session (its next request or live round reads it again), who
 * sees which vehicle on the live feed, a device's credential (its MQTT sessions end), a
 * vehicle's tracker (its connection ends) and the zones its readings are checked against.
 */
export async function followRightsChanges(
  notifications: Notifications,
  deps: {
    sessions: Pick<Sessions, 'forget'>;
    live: { accessChanged(): void };
    devices: Pick<DeviceRegistry, 'forget'>;
    trackers: Pick<Trackers, 'changed'>;
    zones: Pick<ZoneCache, 'changed'>;
  },
) {
  await notifications.listen('evfleet_access', (payload) => {
    for (const userId of keysOf(payload)) if (typeof userId === 'number') deps.sessions.forget(userId);
    deps.live.accessChanged();
    // A vehicle that moved to another fleet or dealer has other zones.
    deps.zones.changed();
  });
  await notifications.listen('evfleet_zones', () => deps.zones.changed());
  await notifications.listen('evfleet_devices', (payload) => {
    for (const vin of keysOf(payload)) if (typeof vin === 'string') deps.devices.forget(vin);
  });
  await notifications.listen('evfleet_trackers', (payload) => {
    const vehicleIds = keysOf(payload);
    // No key: a profile changed, which any tracker may follow.
    if (vehicleIds.length === 0) deps.trackers.changed(null);
    for (const vehicleId of vehicleIds) if (typeof vehicleId === 'number') deps.trackers.changed(vehicleId);
  });
}
