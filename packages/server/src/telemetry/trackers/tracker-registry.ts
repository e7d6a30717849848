import { cellOfSignal, type IoMapping, type TrackerProtocol } from '@evfleet/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { deviceProfile, vehicleTracker } from '../../db/tracker-schema.js';
import { placeOf, type SignalPlace } from '../../readings/reading.js';

/** One IO element's mapping, ready for every record: where its value goes and how it is scaled. */
export interface CompiledMapping {
  /** The reading's key (a signal, or an unknown signal's name); null for a cell. */
  key: string | null;
  /** The stored signal's place; null for an unknown signal (which a reading holds a limited number of) or a cell. */
  place: SignalPlace | null;
  /** The cell's place (0-based) when the mapping names `cellN`. */
  cell: number;
  scale: number;
  /**
   * 1 / scale when that is a whole number (10 for tenths, 1000 for milli-units), else 0: dividing
   * gives 79.3 for 793 tenths where multiplying by 0.1 gives 79.30000000000001.
   */
  divisor: number;
  offset: number;
  signed: boolean;
}
export type CompiledProfile = ReadonlyMap<number, CompiledMapping>;

export interface Tracker {
  vehicleId: number;
  vin: string;
  /** How its IO elements become signals (Teltonika); empty for a phone. */
  profile: CompiledProfile;
}

export function compileProfile(mappings: readonly IoMapping[]): CompiledProfile {
  return new Map(
    mappings.map((m) => {
      const cell = cellOfSignal(m.signal);
      const key = cell === null ? m.signal : null;
      const place = (key !== null && placeOf(key)) || null;
      const inverse = 1 / m.scale;
      const divisor =
        Number.isFinite(inverse) && Math.abs(inverse - Math.round(inverse)) < 1e-9 ? Math.round(inverse) : 0;
      return [m.io, { key, place, cell: cell ?? -1, scale: m.scale, divisor, offset: m.offset, signed: m.signed }];
    }),
  );
}

const FOUND_TTL_MS = 60_000;
const MISSING_TTL_MS = 10_000;
const NO_PROFILE: CompiledProfile = new Map();

/**
 * Trackers by protocol and identifier, with a short cache as devices.ts keeps for VINs: a tracker
 * reconnecting in a loop, or a phone reporting every second, must not reach the database each time.
 * A change of a tracker or a profile is told with `forget`, on every instance (telemetry/rights-changes.ts).
 */
export function createTrackerRegistry(db: Db) {
  const cache = new Map<string, { tracker: Promise<Tracker | null>; until: number }>();
  const keyOf = (protocol: TrackerProtocol, identifier: string) => `${protocol}\u0000${identifier}`;

  const read = async (protocol: TrackerProtocol, identifier: string): Promise<Tracker | null> => {
    const [row] = await db
      .select({ vehicleId: vehicleTracker.vehicleId, vin: vehicle.vin, mappings: deviceProfile.mappings })
      .from(vehicleTracker)
      .innerJoin(vehicle, eq(vehicle.id, vehicleTracker.vehicleId))
      .leftJoin(deviceProfile, eq(deviceProfile.id, vehicleTracker.profileId))
      .where(and(eq(vehicleTracker.protocol, protocol), eq(vehicleTracker.identifier, identifier)))
      .limit(1);
    if (!row) return null;
    return {
      vehicleId: row.vehicleId,
      vin: row.vin,
      profile: row.mappings ? compileProfile(row.mappings) : NO_PROFILE,
    };
  };

  return {
    /** The vehicle whose tracker this is, with its profile; null for an identifier no vehicle has. */
    lookup(protocol: TrackerProtocol, identifier: string): Promise<Tracker | null> {
      if (identifier.length === 0 || identifier.length > 64) return Promise.resolve(null);
      const key = keyOf(protocol, identifier);
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.tracker;
      const entry = { tracker: read(protocol, identifier), until: Date.now() + FOUND_TTL_MS };
      cache.set(key, entry);
      entry.tracker.then(
        (t) => {
          if (!t) entry.until = Date.now() + MISSING_TTL_MS;
        },
        () => {
          if (cache.get(key) === entry) cache.delete(key);
        },
      );
      return entry.tracker;
    },
    /** After a tracker is set or removed, or a profile changed: every cached answer is read again. */
    forget() {
      cache.clear();
    },
  };
}
export type TrackerRegistry = ReturnType<typeof createTrackerRegistry>;
