/**
 * The CPU steps a reading goes through in evfleet, each alone, on the ingestion benchmark's device
 * message (every signal and 32 cells) in batches of 500 readings from 100 vehicles: the reading
 * scanner on the parse thread, then on the main thread the binary COPY encoding, the chart's
 * minutes, the alert rules (the default thresholds), the vehicles' live states, and trips and
 * charging sessions (an in-memory PGlite database with the vehicles holds what they load).
 * Nanoseconds a reading, the least of 15 rounds: the full benchmark (bench/ingest.ts) says what
 * the process spends, this one where a change to one step moved it, without the noise of the two
 * cores it shares with PostgreSQL and the devices. No goal.
 *
 *   npx tsx bench/reading-steps.ts
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createAlertEngine } from '../packages/server/src/alerts/alert-engine.js';
import { createAlertSettings } from '../packages/server/src/alerts/thresholds.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { packBatch } from '../packages/server/src/telemetry/parsed-pack.js';
import { binaryCopyChunks } from '../packages/server/src/telemetry/reading-store.js';
import { type StoredRow } from '../packages/server/src/readings/stored-row.js';
import { parseReading } from '../packages/server/src/readings/reading.js';
import { createSignalMinutes } from '../packages/server/src/telemetry/signal-minutes.js';
import { createEpisodeTracker } from '../packages/server/src/telemetry/episodes.js';
import { createVehicleStates } from '../packages/server/src/telemetry/vehicle-states.js';
import { batchOf } from '../packages/server/test/support/message-batch.js';
import { reading } from './support/device-reading.js';

const BATCH = 500;
const VEHICLES = 100;
const ROUNDS = 15;
const now = Date.now();

/** The least time of ROUNDS rounds of `run`, in nanoseconds a reading. */
async function timed(readings: number, run: () => unknown): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    await run();
    least = Math.min(least, Number(process.hrtime.bigint() - start) / readings);
  }
  return least;
}

/** Batches of readings as the writer hands them on: the vehicles in turn, a second apart each. */
const batches = (count: number, from: number): StoredRow[][] =>
  Array.from({ length: count }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const at = from + (b * BATCH + i) * 10;
      const parsed = parseReading(reading(at, i), at);
      if (!parsed.ok) throw new Error(parsed.detail);
      return { vehicleId: 1 + (i % VEHICLES), reading: parsed.reading };
    }),
  );

// The parse thread's work: a hand-over of 500 messages scanned and packed.
const messages = Array.from({ length: BATCH }, (_, i) => JSON.stringify(reading(now - i * 10, i)));
const { bytes, ends } = batchOf(messages);
if (packBatch(bytes, ends, now).others.length) throw new Error('the scanner refused the device message');
const scan = await timed(BATCH * 40, () => {
  for (let k = 0; k < 40; k++) packBatch(bytes, ends, now);
});

const rows = batches(40, now - 4 * 3_600_000);
const copy = await timed(rows.length * BATCH, () => {
  for (const batch of rows) for (const chunk of binaryCopyChunks(batch)) chunk.at(-1);
});

const minutes = createSignalMinutes(null as never); // apply() keeps its minutes in memory
const minute = await timed(rows.length * BATCH, () => rows.forEach((batch) => minutes.apply(batch)));

// The alert rules on an in-memory PGlite database with the vehicles, judged by the default thresholds.
const database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
const { rows: vehicles } = await database.db.execute<{ id: number }>(
  sql`insert into vehicle (name, vin) select 'Bench ' || g, 'BENCH' || g from generate_series(1, ${VEHICLES}) g returning id`,
);
for (const batch of rows) for (const r of batch) r.vehicleId = vehicles[r.vehicleId - 1].id;
const log = { error: console.error, warn: console.warn } as unknown as FastifyBaseLogger;
const engine = createAlertEngine({
  db: database.db,
  settings: createAlertSettings(database.db),
  log,
  messagesPerHour: 10,
  messagesQueued: () => {},
});
const states = createVehicleStates(database.db);
const trips = createEpisodeTracker(database.db);
// Each round goes on where the last ended (older readings would be skipped as late). The round
// whose readings first hold a warning for its minutes backward records it; the least round does not.
const span = rows.length * BATCH * 10;
const later = () => rows.forEach((batch) => batch.forEach((r) => (r.reading.ts += span)));
const alerts = await timed(rows.length * BATCH, async () => {
  later();
  for (const batch of rows) await engine.apply(batch);
});
const state = await timed(rows.length * BATCH, async () => {
  later();
  for (const batch of rows) await states.apply(batch);
});
const trip = await timed(rows.length * BATCH, async () => {
  later();
  for (const batch of rows) await trips.apply(batch);
});
await database.close();

console.log(
  `a reading's steps alone, ${BATCH} readings a batch from ${VEHICLES} vehicles, ns a reading (least of ${ROUNDS} rounds):`,
);
console.log(`  parse thread: scanned and packed ${scan.toFixed(0)}`);
console.log(
  `  main thread: binary COPY encoding ${copy.toFixed(0)}, chart minutes ${minute.toFixed(0)}, alert rules ${alerts.toFixed(0)}, vehicle states ${state.toFixed(0)}, trips and charging ${trip.toFixed(0)}`,
);
