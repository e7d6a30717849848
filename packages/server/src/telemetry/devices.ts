import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';
import { deviceTokenMatches } from './device-token.js';

export interface Device {
  vehicleId: number;
  vin: string;
  tokenHash: string | null;
}

const FOUND_TTL_MS = 60_000;
/** What a stored VIN can be: a VIN with a NUL or a lone surrogate would make the query itself fail. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const STORABLE_VIN = /^[^\u0000-\u001f\u007f\ud800-\udfff]{1,64}$/;
const NONE = Promise.resolve(null);
const MISSING_TTL_MS = 10_000;

/**
 * Looks devices up by VIN with a short cache: a device sends many messages, and an unknown VIN
 * repeated by a misconfigured device must not reach the database each time. The cache holds the
 * lookup itself, so a burst of messages from one device waits for one query instead of sending one each.
 */
interface Cached {
  device: Promise<Device | null>;
  /** The lookup's answer once it came: read without a promise by `known`. */
  found?: Device | null;
  until: number;
}

export function createDeviceRegistry(db: Db) {
  const cache = new Map<string, Cached>();
  const forgotten = new Set<(vin: string) => void>();
  /** The cached lookup of this VIN while it is fresh. */
  const fresh = (vin: string): Cached | undefined => {
    const hit = cache.get(vin);
    return hit && hit.until > Date.now() ? hit : undefined;
  };

  const lookup = (vin: string): Promise<Device | null> => {
    if (!STORABLE_VIN.test(vin)) return NONE;
    const hit = fresh(vin);
    if (hit) return hit.device;
    const entry: Cached = {
      device: db
        .select({ vehicleId: vehicle.id, vin: vehicle.vin, tokenHash: vehicle.deviceTokenHash })
        .from(vehicle)
        .where(eq(vehicle.vin, vin))
        .limit(1)
        .then(([row]) => row ?? null),
      until: Date.now() + FOUND_TTL_MS,
    };
    cache.set(vin, entry);
    entry.device.then(
      (device) => {
        entry.found = device;
        if (!device) entry.until = Date.now() + MISSING_TTL_MS;
      },
      // A failed lookup is not cached: the next message asks again.
      () => {
        if (cache.get(vin) === entry) cache.delete(vin);
      },
    );
    return entry.device;
  };

  return {
    lookup,
    /**
     * The device for this VIN as lookup last found it, while fresh (null: no such device);
     * undefined when lookup must ask. The messages of a known device take no promise.
     */
    known: (vin: string): Device | null | undefined => fresh(vin)?.found,
    /** The device for this VIN if the token is its credential: 'unknown_device' or 'bad_credential' otherwise. */
    async authenticate(vin: string, token: string | undefined): Promise<Device | 'unknown_device' | 'bad_credential'> {
      const device = await lookup(vin);
      if (!device) return 'unknown_device';
      if (!token || !deviceTokenMatches(token, device.tokenHash)) return 'bad_credential';
      return device;
    },
    /**
     * After a vehicle is created, renamed or its token rotated: its next message is checked against
     * the vehicle as stored, and the transports end the sessions signed in with what it was.
     */
    forget(vin: string) {
      cache.delete(vin);
      for (const listener of forgotten) listener(vin);
    },
    /** Calls `listener` with each VIN forgotten (the MQTT listener ends that device's sessions). */
    onForget(listener: (vin: string) => void) {
      forgotten.add(listener);
    },
  };
}
export type DeviceRegistry = ReturnType<typeof createDeviceRegistry>;
