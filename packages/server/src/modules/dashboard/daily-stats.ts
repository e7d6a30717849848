import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { groupByVehicle, type StoredRow } from '../../telemetry/reading-store.js';
import { addIncrements, charging, dayOf, intervalKwh, readingsBefore, rebuildDay, STAT_RULES, type DayIncrement, type LastReading } from './daily-stats.sql.js';

const FLUSH_MS = 5000;

/**
 * Keeps vehicle_daily_stat filled as readings are committed: each reading adds the interval since
 * the vehicle's previous one (in memory, seeded from storage when a vehicle is first seen), and the
 * sums are written every few seconds. A reading older than one already counted cannot be added
 * that way, so its day is rebuilt from can_reading instead; so is every day a correction touches.
 */
export function createDailyStats(db: Db, log: FastifyBaseLogger, flushMs = FLUSH_MS) {
  const last = new Map<number, LastReading>();
  const odometer = new Map<number, { ts: number; value: number }>();
  const pending = new Map<string, DayIncrement>();
  const rebuild = new Set<string>();
  let chain: Promise<void> = Promise.resolve();

  const key = (vehicleId: number, day: string) => `${vehicleId}|${day}`;
  const add = (vehicleId: number, ts: number, delta: Partial<Pick<DayIncrement, 'miles' | 'kwh' | 'seconds'>>) => {
    const day = dayOf(ts);
    const k = key(vehicleId, day);
    const inc = pending.get(k) ?? { vehicleId, day, miles: 0, kwh: 0, seconds: 0 };
    inc.miles += delta.miles ?? 0;
    inc.kwh += delta.kwh ?? 0;
    inc.seconds += delta.seconds ?? 0;
    pending.set(k, inc);
  };

  const apply = async (rows: StoredRow[]) => {
    const groups = groupByVehicle(rows);
    const unseen = [...groups].filter(([id]) => !last.has(id)).map(([vehicleId, list]) => ({ vehicleId, ts: list[0].reading.ts }));
    for (const [vehicleId, seed] of await readingsBefore(db, unseen)) {
      if (seed.last) last.set(vehicleId, seed.last);
      if (seed.odometer) odometer.set(vehicleId, seed.odometer);
    }
    for (const [vehicleId, list] of groups) {
      for (const { reading } of list) {
        const prev = last.get(vehicleId);
        if (prev && reading.ts <= prev.ts) {
          rebuild.add(key(vehicleId, dayOf(reading.ts)));
          continue;
        }
        const { packVoltage, vehicleCurrent, chargeStatus, odometer: odo } = reading.values;
        if (prev) {
          const seconds = (reading.ts - prev.ts) / 1000;
          if (seconds <= STAT_RULES.maxGapSeconds && charging(prev.chargeStatus, prev.current)) {
            add(vehicleId, reading.ts, { seconds, kwh: prev.voltage !== null && prev.current !== null ? intervalKwh(prev.voltage, prev.current, seconds) : 0 });
          }
        }
        last.set(vehicleId, { ts: reading.ts, voltage: packVoltage ?? null, current: vehicleCurrent ?? null, chargeStatus: chargeStatus ?? null });
        if (odo !== undefined) {
          const before = odometer.get(vehicleId);
          const miles = before ? odo - before.value : 0;
          if (miles > 0 && miles < STAT_RULES.maxMilesStep) add(vehicleId, reading.ts, { miles });
          odometer.set(vehicleId, { ts: reading.ts, value: odo });
        }
      }
    }
  };

  const flush = async () => {
    // A day being rebuilt gets its figures from storage, which already holds the pending readings.
    const rebuilt = [...rebuild];
    rebuild.clear();
    for (const k of rebuilt) pending.delete(k);
    const increments = [...pending.values()];
    pending.clear();
    await addIncrements(db, increments);
    for (const k of rebuilt) {
      const [vehicleId, day] = k.split('|');
      await rebuildDay(db, Number(vehicleId), day);
      // The next reading of this vehicle starts again from what is stored.
      last.delete(Number(vehicleId));
      odometer.delete(Number(vehicleId));
    }
  };

  const enqueue = (work: () => Promise<void>, what: string) => {
    chain = chain.then(work).catch((err) => log.error({ err }, `daily vehicle statistics: ${what} failed`));
    return chain;
  };
  const timer = setInterval(() => void enqueue(flush, 'flush'), flushMs);
  timer.unref();

  return {
    /** The pipeline's hook: readings newly committed to can_reading. */
    committed: (rows: StoredRow[]) => void enqueue(() => apply(rows), 'update'),
    /** Readings changed or removed by hand: their days are rebuilt now. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) rebuild.add(key(vehicleId, dayOf(ts)));
      return enqueue(flush, 'rebuild');
    },
    /** Writes what is counted so far (tests, shutdown). */
    flush: () => enqueue(flush, 'flush'),
    async close() {
      clearInterval(timer);
      await enqueue(flush, 'flush');
    },
  };
}
export type DailyStats = ReturnType<typeof createDailyStats>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's daily figures (tests flush them). */
    dailyStats: DailyStats;
  }
}
