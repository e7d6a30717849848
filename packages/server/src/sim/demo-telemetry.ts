import { asc, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';
import { canReading } from '../db/telemetry-schema.js';
import { parseReading } from '../telemetry/reading.js';
import type { StoredRow } from '../telemetry/reading-store.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { CITIES } from './cities.js';
import { advance, createSimVehicle, reading, type SimVehicle } from './vehicle-model.js';

const HISTORY_DAYS = 7;
// Every two minutes: under the five-minute stop that ends a trip, and quick to write at start.
const HISTORY_STEP_S = 120;
const LIVE_STEP_S = 10;
const CHUNK = 5000;

/**
 * Keeps the demo alive: on a demo database without readings it first writes about a week of
 * history (a reading every two minutes per vehicle) through the normal pipeline, so trips, states and
 * alerts exist; then every vehicle reports every 10 seconds.
 */
export async function startDemoTelemetry(db: Db, telemetry: Telemetry, log: FastifyBaseLogger) {
  const rows = await db
    .select({ id: vehicle.id, cells: vehicle.cells })
    .from(vehicle)
    .where(like(vehicle.vin, 'EVDEMO%'))
    .orderBy(asc(vehicle.id));
  const sims = rows.map((r, i) => ({
    id: r.id,
    sim: createSimVehicle(r.id * 7919, CITIES[i % CITIES.length], r.cells),
  }));
  const stored = (sim: SimVehicle, id: number, ts: number): StoredRow | null => {
    const parsed = parseReading(reading(sim, ts), Date.now());
    return parsed.ok ? { vehicleId: id, reading: parsed.reading } : null;
  };
  const write = (batch: (StoredRow | null)[]) =>
    telemetry.writer.write(batch.filter((r): r is StoredRow => r !== null));

  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(canReading);
  if (count === 0 && sims.length) {
    const started = Date.now();
    const from = started - HISTORY_DAYS * 86_400_000;
    let batch: (StoredRow | null)[] = [];
    for (let ts = from; ts < started; ts += HISTORY_STEP_S * 1000) {
      for (const { id, sim } of sims) {
        advance(sim, HISTORY_STEP_S);
        batch.push(stored(sim, id, ts));
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

  const timer = setInterval(() => {
    const now = Date.now();
    const batch = sims.map(({ id, sim }) => {
      advance(sim, LIVE_STEP_S);
      return stored(sim, id, now);
    });
    write(batch).catch((err) => log.warn({ err }, 'demo reading failed'));
  }, LIVE_STEP_S * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
