import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { isoTime, jsonRecords } from '../../db/json-records.js';
import { vehicleTracker } from '../../db/tracker-schema.js';

const FLUSH_MS = 5000;

/** A connection from the same address is written again after this long at most. */
const CONNECTION_WRITE_MS = 60_000;

interface Seen {
  value: number;
  at: number;
}

/**
 * Date.now() of this turn of the event loop: a packet's elements, told one after the other as it
 * is read, came at the same moment, and the clock is read once for them.
 */
let now = 0;
const clock = () => {
  if (now === 0) {
    now = Date.now();
    queueMicrotask(() => (now = 0));
  }
  return now;
};

/**
 * What the tracker pages show besides readings: a tracker's last connection and address, and the
 * IO elements it sends that its profile does not map. Unmapped elements arrive with every record,
 * so they are gathered in memory and written every few seconds, the last value of each.
 */
export function createTrackerActivity(db: Db, log: FastifyBaseLogger) {
  /** vehicle -> io -> its last raw value and when. */
  let seen = new Map<number, Map<number, Seen>>();
  /**
   * The last vehicle told and its elements: a packet's records tell their elements one after the
   * other, thirty-odd times for the same vehicle.
   */
  let last: { vehicleId: number; ios: Map<number, Seen> } | null = null;

  const flush = async () => {
    if (seen.size === 0) return;
    const batch = seen;
    seen = new Map();
    last = null;
    const rows = [...batch].flatMap(([vehicleId, ios]) =>
      [...ios].map(([io, { value, at }]) => ({
        vehicle_id: vehicleId,
        io,
        // A 64-bit counter beyond a double's exact range is still shown; a NaN is not stored.
        last_value: Number.isFinite(value) ? value : null,
        last_seen: isoTime(at),
      })),
    );
    // One jsonb parameter: a few hundred trackers leave thousands of rows a flush, each a value to bind.
    await db
      .execute(
        sql`insert into tracker_io_seen (vehicle_id, io, last_value, last_seen)
          select x.* from ${jsonRecords(rows, 'x(vehicle_id int, io int, last_value float8, last_seen timestamptz)')}
          join vehicle v on v.id = x.vehicle_id -- a vehicle deleted since costs only its own rows
          on conflict (vehicle_id, io) do update set last_value = excluded.last_value, last_seen = excluded.last_seen`,
      )
      .catch((err: unknown) => log.error({ err }, 'writing the unmapped IO elements failed'));
  };
  /** When each vehicle's connection was last written, and from where: a phone reports every few seconds. */
  const written = new Map<number, { at: number; address: string }>();
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    connected(vehicleId: number, address: string) {
      const last = written.get(vehicleId);
      const now = Date.now();
      if (last && last.address === address && now - last.at < CONNECTION_WRITE_MS) return;
      written.set(vehicleId, { at: now, address });
      void db
        .update(vehicleTracker)
        .set({ lastConnectedAt: new Date(), lastAddress: address.slice(0, 64) })
        .where(eq(vehicleTracker.vehicleId, vehicleId))
        .catch((err: unknown) => log.error({ err }, "writing a tracker's last connection failed"));
    },
    unmapped(vehicleId: number, io: number, value: number) {
      if (last?.vehicleId !== vehicleId) {
        let ios = seen.get(vehicleId);
        if (!ios) seen.set(vehicleId, (ios = new Map()));
        last = { vehicleId, ios };
      }
      const entry = last.ios.get(io);
      // Written over in place: an element comes with every record, its entry lives until the flush.
      if (entry) {
        entry.value = value;
        entry.at = clock();
      } else last.ios.set(io, { value, at: clock() });
    },
    /** Writes what is gathered (the API tests read it back at once). */
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
