import { asc, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';
import { parseReading } from '../readings/reading.js';
import type { StoredRow } from '../readings/stored-row.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { demoHome } from './demo-depots.js';
import { demoTrackerSenders, type DemoTrackerLinks } from './demo-tracker-senders.js';
import { demoIndex } from './demo-packs.js';
import { advance, createSimVehicle, historyStepS, reading, type SimVehicle } from './vehicle-model.js';

// Three weeks: a score of charging sessions per vehicle for its capacity estimate, while the first
// start stays within about half a minute (five weeks, for two calendar months in every monthly
// history, took nearly twice as long).
const HISTORY_DAYS = 21;
// History readings fall on a two-minute grid: every tick while moving (under the five-minute stop
// that ends a trip), less often while parked or charging at the depot (historyStepS).
const HISTORY_TICK_S = 120;
const LIVE_STEP_S = 10;
const CHUNK = 5000;

/**
 * Keeps the demo alive: on a demo database without readings it first writes three weeks of history
 * through the normal pipeline, so trips, charging sessions, states and alerts exist; then every
 * vehicle reports every 10 seconds.
 */
export async function startDemoTelemetry(
  db: Db,
  telemetry: Telemetry,
  log: FastifyBaseLogger,
  /** Where the trackers' listeners are: some demo vehicles report live through them. */
  trackers?: DemoTrackerLinks,
) {
  const started = Date.now();
  const from = started - HISTORY_DAYS * 86_400_000;
  const stored = (sim: SimVehicle, id: number, ts: number): StoredRow | null => {
    const parsed = parseReading(reading(sim, ts), Date.now());
    return parsed.ok ? { vehicleId: id, reading: parsed.reading } : null;
  };
  const write = (batch: (StoredRow | null)[]) =>
    telemetry.writer.write(batch.filter((r): r is StoredRow => r !== null));

  const { rows: kept } = await db.execute<{ any: boolean }>(
    sql`select exists (select from can_reading) or exists (select from reading_day) as any`,
  );
  const history = !kept[0].any;
  const rows = await db
    .select({ id: vehicle.id, vin: vehicle.vin, cells: vehicle.cells })
    .from(vehicle)
    .where(like(vehicle.vin, 'EVDEMO%'))
    .orderBy(asc(vehicle.id));
  const sims = rows.map((r, i) => {
    const index = demoIndex(r.vin) ?? i;
    const { city, depot } = demoHome(index);
    return {
      id: r.id,
      index,
      sim: createSimVehicle(index, city, r.cells, history ? from : started, depot),
      due: from,
    };
  });
  if (history && sims.length) {
    let batch: (StoredRow | null)[] = [];
    for (let ts = from; ts < started; ts += HISTORY_TICK_S * 1000) {
      for (const s of sims) {
        if (ts < s.due) continue;
        advance(s.sim, (ts - s.sim.clock) / 1000);
        batch.push(stored(s.sim, s.id, ts));
        s.due = ts + historyStepS(s.sim, HISTORY_TICK_S) * 1000;
      }
      if (batch.length >= CHUNK) {
        await write(batch);
        batch = [];
      }
    }
    await write(batch);
    await telemetry.persist();
    log.info(
      `demo history: ${HISTORY_DAYS} days for ${sims.length} vehicles in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const live = demoTrackerSenders(trackers, log);
  const timer = setInterval(() => {
    const now = Date.now();
    const batch = sims.map(({ id, index, sim }) => {
      advance(sim, Math.max(0, (now - sim.clock) / 1000));
      const send = live.get(index);
      if (!send) return stored(sim, id, now);
      send(reading(sim, now));
      return null;
    });
    write(batch).catch((err) => log.warn({ err }, 'demo reading failed'));
  }, LIVE_STEP_S * 1000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      live.close();
    },
  };
}
