/**
 * The CPU steps a reading goes through in evfleet, each alone, in batches of 500 readings from 100
 * vehicles, for the two readings of the ingestion benchmark (bench/ingest.ts):
 * - the JSON line's device message (every signal and 32 cells): the reading scanner on the parse
 *   thread, beside JSON.parse and the checks that read the messages it declines;
 * - the Teltonika line's record (30 IO elements, 21 unknown signals through the built-in profile):
 *   the packets decoded, then each record checked through the profile (avl-readings.ts);
 * then for each, on the main thread, the binary COPY encoding, the chart's minutes, the alert rules
 * (the default thresholds), the vehicles' live states, and trips and charging sessions (an
 * in-memory PGlite database with the vehicles holds what they load).
 * Nanoseconds a reading, the least of 15 rounds: the full benchmark says what the process spends,
 * this one where a change to one step moved it, without the noise of the two cores it shares with
 * PostgreSQL and the devices. No goal.
 *
 *   npx tsx bench/reading-steps.ts
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createAlertEngine } from '../packages/server/src/alerts/alert-engine.js';
import { createAlertSettings } from '../packages/server/src/alerts/thresholds.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { parseMessage } from '../packages/server/src/telemetry/message.js';
import { packBatch } from '../packages/server/src/telemetry/parsed-pack.js';
import { binaryCopyChunks } from '../packages/server/src/telemetry/reading-store.js';
import { type StoredRow } from '../packages/server/src/readings/stored-row.js';
import { parseReading, type Parsed } from '../packages/server/src/readings/reading.js';
import { createSignalMinutes } from '../packages/server/src/telemetry/signal-minutes.js';
import { createEpisodeTracker } from '../packages/server/src/telemetry/episodes.js';
import { createZoneCache } from '../packages/server/src/telemetry/visits/zone-cache.js';
import { createVehicleStates } from '../packages/server/src/telemetry/vehicle-states.js';
import { batchOf } from '../packages/server/test/support/message-batch.js';
import { reading } from './support/device-reading.js';
import { readFrame, type AvlRecord } from '../packages/server/src/telemetry/teltonika/codec.js';
import { encodeAvl } from '../packages/server/src/telemetry/teltonika/encode.js';
import { parsedRecord } from '../packages/server/src/telemetry/teltonika/avl-readings.js';
import { BUILTIN_TELTONIKA_PROFILE } from '../packages/server/src/telemetry/teltonika/builtin-profile.js';
import { compileProfile } from '../packages/server/src/telemetry/trackers/tracker-registry.js';
import { RECORDS_PER_PACKET, trackerRecord } from './teltonika-load.js';

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

/** Batches of readings as the writer hands them on: the vehicles in turn, 10 ms apart each. */
const batches = (count: number, from: number, parsed: (at: number, i: number) => Parsed): StoredRow[][] =>
  Array.from({ length: count }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const at = from + (b * BATCH + i) * 10;
      const item = parsed(at, i);
      if (!item.ok) throw new Error(item.detail);
      return { vehicleId: 1 + (i % VEHICLES), reading: item.reading };
    }),
  );

// The JSON line's first step, on the parse thread: a hand-over of 500 messages scanned and packed.
const messages = Array.from({ length: BATCH }, (_, i) => JSON.stringify(reading(now - i * 10, i)));
const { bytes, ends } = batchOf(messages);
if (packBatch(bytes, ends, now).others.length) throw new Error('the scanner refused the device message');
const scan = await timed(BATCH * 40, () => {
  for (let k = 0; k < 40; k++) packBatch(bytes, ends, now);
});
// What the scanner saves: the same messages through JSON.parse and the checks, not yet packed.
const library = await timed(BATCH * 40, () => {
  for (let k = 0; k < 40; k++) for (const message of messages) parseMessage(message, now);
});

// The Teltonika line's: its packets decoded, then their records checked through the built-in profile.
const profiles = Array.from({ length: VEHICLES }, () => compileProfile(BUILTIN_TELTONIKA_PROFILE.mappings));
const packets = Array.from({ length: (40 * BATCH) / RECORDS_PER_PACKET }, (_, p) =>
  encodeAvl(
    0x8e,
    Array.from({ length: RECORDS_PER_PACKET }, (_, i) => trackerRecord(now - 60_000 + p * RECORDS_PER_PACKET + i, i)),
  ),
);
const decoded = (packet: Buffer): AvlRecord[] => {
  const frame = readFrame(packet, 0);
  if (frame.kind !== 'avl') throw new Error(frame.kind);
  return frame.records;
};
// Each packet's records dropped as the listener drops them, once checked: kept, they would cost the collector.
const decode = await timed(packets.length * RECORDS_PER_PACKET, () => packets.forEach(decoded));
const records = packets.flatMap(decoded);
const leftovers = { tooLong: 0, overLimit: 0 };
const noted = () => {};
const check = await timed(records.length, () => {
  for (let i = 0; i < records.length; i++) parsedRecord(records[i], profiles[i % VEHICLES], now, leftovers, noted);
});

const from = now - 4 * 3_600_000;
const lines = [
  {
    name: 'JSON',
    first: `scanned and packed ${scan.toFixed(0)} (parse thread; JSON.parse and the checks alone ${library.toFixed(0)})`,
    rows: batches(40, from, (at, i) => parseReading(reading(at, i), at)),
  },
  {
    name: 'Teltonika',
    first: `decoded ${decode.toFixed(0)}, checked through the profile ${check.toFixed(0)}`,
    rows: batches(40, from, (at, i) => parsedRecord(trackerRecord(at, i), profiles[i % VEHICLES], at, leftovers)),
  },
];

// The alert rules, states and trips on an in-memory PGlite database with the vehicles, judged by the default thresholds.
const database = await openDatabase({ kind: 'pglite', dir: 'memory://' });
const { rows: vehicles } = await database.db.execute<{ id: number }>(
  sql`insert into vehicle (name, vin) select 'Bench ' || g, 'BENCH' || g from generate_series(1, ${VEHICLES}) g returning id`,
);
const log = { error: console.error, warn: console.warn } as unknown as FastifyBaseLogger;
console.log(
  `a reading's steps alone, ${BATCH} readings a batch from ${VEHICLES} vehicles, ns a reading (least of ${ROUNDS} rounds):`,
);
/** How far the readings were moved on, and how far the next line's must be before it starts. */
let shifted = 0;
let advanced = 0;
for (const { name, first, rows } of lines) {
  advanced = shifted;
  const readings = rows.length * BATCH;
  const copy = await timed(readings, () => {
    for (const batch of rows) for (const chunk of binaryCopyChunks(batch)) chunk.at(-1);
  });
  const minutes = createSignalMinutes(null as never, { hotDays: 2 }); // apply() keeps its minutes in memory
  const minute = await timed(readings, () => rows.forEach((batch) => minutes.apply(batch)));
  for (const batch of rows) for (const r of batch) r.vehicleId = vehicles[r.vehicleId - 1].id;
  await database.db.execute(sql`delete from vehicle_state`);
  const engine = createAlertEngine({
    db: database.db,
    settings: createAlertSettings(database.db),
    log,
    messagesPerHour: 10,
    messagesQueued: () => {},
  });
  const states = createVehicleStates(database.db);
  const trips = createEpisodeTracker(database.db, createZoneCache(database.db));
  // Each round goes on where the last ended, the last line's included (older readings would be
  // skipped as late). The round whose readings first hold a warning for its minutes backward
  // records it; the least round does not.
  const later = () => {
    const by = advanced + readings * 10;
    rows.forEach((batch) => batch.forEach((r) => (r.reading.ts += by)));
    advanced = 0;
    shifted += by;
  };
  const alerts = await timed(readings, async () => {
    later();
    for (const batch of rows) await engine.apply(batch);
  });
  const state = await timed(readings, async () => {
    later();
    for (const batch of rows) await states.apply(batch);
  });
  const trip = await timed(readings, async () => {
    later();
    for (const batch of rows) await trips.apply(batch);
  });
  console.log(
    `  ${name}: ${first}; binary COPY encoding ${copy.toFixed(0)}, chart minutes ${minute.toFixed(0)}, alert rules ${alerts.toFixed(0)}, vehicle states ${state.toFixed(0)}, trips and charging ${trip.toFixed(0)}`,
  );
}
await database.close();
