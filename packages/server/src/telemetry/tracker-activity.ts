import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { trackerIoSeen, vehicleTracker } from '../db/tracker-schema.js';

const FLUSH_MS = 5000;
/** A connection from the same address is written again after this long at most. */
const CONNECTION_WRITE_MS = 60_000;

/**
 * What the tracker pages show besides readings: a tracker's last connection and address, and the
 * IO elements it sends that its profile does not map. Unmapped elements arrive with every record,
 * so they are gathered in memory and written every few seconds, the last value of each.
 */
export function createTrackerActivity(db: Db, log: FastifyBaseLogger) {
  /** vehicle -> io -> [last raw value, when]. */
  let seen = new Map<number, Map<number, [number, number]>>();

  const flush = async () => {
    if (seen.size === 0) return;
    const batch = seen;
    seen = new Map();
    const rows = [...batch].flatMap(([vehicleId, ios]) =>
      [...ios].map(([io, [value, at]]) => ({
        vehicleId,
        io,
        // A 64-bit counter beyond a double's exact range is still shown; a NaN is not stored.
        lastValue: Number.isFinite(value) ? value : null,
        lastSeen: new Date(at),
      })),
    );
    await db
      .insert(trackerIoSeen)
      .values(rows)
      .onConflictDoUpdate({
        target: [trackerIoSeen.vehicleId, trackerIoSeen.io],
        set: { lastValue: sql`excluded.last_value`, lastSeen: sql`excluded.last_seen` },
      })
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
      let ios = seen.get(vehicleId);
      if (!ios) seen.set(vehicleId, (ios = new Map()));
      ios.set(io, [value, Date.now()]);
    },
    /** Writes what is gathered (the API tests read it back at once). */
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
