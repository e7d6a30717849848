/**
 * What a reading of history costs on disk, everything included, and what it would cost compacted.
 * Loads the demo model's readings (support/demo-history.ts: BENCH_VEHICLES vehicles, 100 by
 * default, over BENCH_DAYS days, 30, at a 10 s tick; BENCH_STEPPING `demo` follows the demo's
 * history steps, `every` reports at each tick) into a fresh database through the reading store the
 * server writes with (binary COPY on PostgreSQL, its INSERTs on PGlite), rebuilds the per-minute
 * summary with the pipeline's rebuild, and reports (database size after loading, VACUUM and
 * CHECKPOINT − size before) / readings, the readings with their indexes and the summary apart.
 * Then two compacted layouts built from the stored readings (prototypes, support/compact-arrays.ts
 * and support/parquet-days.ts): their bytes a reading, alone, with the summary as it is and with
 * the summary compacted too (support/compact-minutes.ts); the time to read a vehicle's first 50
 * readings of a day and its whole day against can_reading's, side by side; and whether every
 * reading of three vehicles over every day reads back exactly (BENCH_PROTOTYPES=0 skips them).
 * Last, the layout built, as a running server keeps it: the same readings loaded a day at a time
 * into a database of their own, each day compacted by the server's job once loaded
 * (telemetry/compaction/), and the database's growth a reading (goal ≤ 45 bytes). BENCH_TODAY=0
 * measures the layout built only.
 * PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh), else embedded PGlite. The goal of
 * the compacted history is ≤ 45 bytes a reading, everything included, at a reading every 10 s
 * (BENCH_STEPPING=every); the run fails when the layout built misses it there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistoryCompaction } from '../packages/server/src/telemetry/compaction/history-compaction.js';
import { createPartitionManager } from '../packages/server/src/telemetry/partitions.js';
import { rebuildMinutes } from '../packages/server/src/telemetry/signal-minutes.js';
import { openBenchDatabase, type BenchDatabase } from './support/bench-database.js';
import { arrayColumnBytes, arrayTable, buildArrays, readArrays, type ArrayLayout } from './support/compact-arrays.js';
import { buildMinuteArrays } from './support/compact-minutes.js';
import { demoHistory, type Stepping } from './support/demo-history.js';
import { compareReads, readStored, timeRead, type DayRead } from './support/history-reads.js';
import {
  exportDays,
  openDuck,
  parquetColumnBytes,
  parquetName,
  readParquet,
  writeParquet,
  type ParquetLayout,
} from './support/parquet-days.js';
import { inexactCountSql } from './support/signal-resolution.js';
import { seedVehicles } from './vehicles-seed.js';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const STEPPING: Stepping = process.env.BENCH_STEPPING === 'every' ? 'every' : 'demo';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
/** BENCH_PROTOTYPES=0 skips the prototypes. */
const PROTOTYPES = process.env.BENCH_PROTOTYPES !== '0';
/** BENCH_TODAY=0 measures the layout built only. */
const TODAY = process.env.BENCH_TODAY !== '0';
const TICK_S = 10;
const GOAL_BYTES = 45;
const DAY_MS = 86_400_000;
/** A fixed end, so every run loads the same readings. */
const END = Date.UTC(2026, 10, 1);
const FROM = END - DAYS * DAY_MS;

const runStarted = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const perReading = (bytes: number, readings: number) => (bytes / readings).toFixed(1);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** Today's layout, and the prototypes unless BENCH_PROTOTYPES=0, on the readings loaded at once. */
async function measureToday() {
  const { bdb, vehicleIds, before } = await freshDatabase('evfleet_history_bench');
  console.log(
    `${bdb.kind}: ${VEHICLES} vehicles, ${DAYS} days to ${new Date(END).toISOString()}, tick ${TICK_S} s, stepping ${STEPPING}`,
  );

  // Load, streamed in batches the size of the demo's.
  let readings = 0;
  let started = performance.now();
  let reported = started;
  for (const batch of demoHistory({ vehicleIds, from: FROM, to: END, tickS: TICK_S, stepping: STEPPING })) {
    readings += (await bdb.store.insert(batch)).length;
    if (performance.now() - reported > 15_000) {
      reported = performance.now();
      const day = (batch[batch.length - 1].reading.ts - FROM) / DAY_MS;
      console.log(
        `  ${readings.toLocaleString('en')} readings, day ${day.toFixed(1)} of ${DAYS}, ${seconds(started)} s`,
      );
    }
  }
  const loadS = seconds(started);
  started = performance.now();
  for (const id of vehicleIds) await rebuildMinutes(bdb.db, id, FROM, END);
  const minutesS = seconds(started);
  await settle(bdb);
  const after = await bdb.size();
  console.log(
    `loaded ${readings.toLocaleString('en')} readings (${(readings / VEHICLES / DAYS).toFixed(0)} a vehicle and day) in ${loadS} s, minutes rebuilt in ${minutesS} s`,
  );

  const [parts] = await bdb.rows<{
    readings: string;
    reading_indexes: string;
    minutes: string;
    minute_indexes: string;
  }>(
    `select (select sum(pg_table_size(inhrelid)) from pg_inherits where inhparent = 'can_reading'::regclass) as readings,
      (select sum(pg_indexes_size(inhrelid)) from pg_inherits where inhparent = 'can_reading'::regclass) as reading_indexes,
      pg_table_size('signal_minute') as minutes, pg_indexes_size('signal_minute') as minute_indexes`,
  );
  const summaryBytes = Number(parts.minutes) + Number(parts.minute_indexes);
  const grown = after.database - before.database;
  console.log(`\ntoday's layout, bytes a reading (database ${mb(before.database)} → ${mb(after.database)} MB):`);
  console.log(
    `  can_reading ${perReading(Number(parts.readings), readings)} + its index ${perReading(Number(parts.reading_indexes), readings)}`,
  );
  console.log(
    `  signal_minute ${perReading(Number(parts.minutes), readings)} + its index ${perReading(Number(parts.minute_indexes), readings)}`,
  );
  console.log(`  database growth ${perReading(grown, readings)} (goal of the compacted history ≤ ${GOAL_BYTES})`);
  if (after.directory !== null && before.directory !== null)
    console.log(
      `  PGlite data directory growth ${perReading(after.directory - before.directory, readings)}, of which its WAL ${perReading(after.wal! - before.wal!, readings)}`,
    );
  const [inexact] = await bdb.rows<{ signals: string; cells: string }>(inexactCountSql);
  console.log(
    `  values the integer resolutions would not hold exactly: ${inexact.signals} signals, ${inexact.cells} cells`,
  );

  const sampleVehicle = vehicleIds[Math.min(1, vehicleIds.length - 1)];
  const sampleDay = FROM + Math.floor(DAYS / 2) * DAY_MS;
  const [{ enumvals }] = await bdb.rows<{ enumvals: string[] | string }>(
    `select enumvals from pg_settings where name = 'default_toast_compression'`,
  );
  const lz4 = String(enumvals).includes('lz4');
  console.log(`\nTOAST compression available: ${String(enumvals)}`);
  const arrayLayouts: ArrayLayout[] = (['hour', 'day'] as const).flatMap((period) =>
    (lz4 ? (['pglz', 'lz4'] as const) : (['pglz'] as const)).map((compression) => ({ period, compression })),
  );
  if (PROTOTYPES) {
    // Candidate A: arrays per vehicle and hour (or day) in PostgreSQL, compressed by TOAST.
    // Each layout's read of a vehicle's day, can_reading's first.
    const reads: { name: string; read: DayRead }[] = [
      { name: 'can_reading', read: (id, day, limit) => readStored(bdb, id, day, day + DAY_MS, limit) },
    ];
    const sizes: { name: string; bytes: number; note: string }[] = [];
    for (const layout of arrayLayouts) {
      started = performance.now();
      const { table, indexes } = await buildArrays(bdb, layout, vehicleIds);
      const name = arrayTable(layout);
      sizes.push({
        name,
        bytes: table + indexes,
        note: `index ${perReading(indexes, readings)}, built in ${seconds(started)} s`,
      });
      reads.push({ name, read: (id, day, limit) => readArrays(bdb, name, id, day, day + DAY_MS, limit) });
    }

    // The summary compacted the same way, for what the charts would read over compacted periods.
    let compactSummary = Infinity;
    for (const compression of arrayLayouts.filter((l) => l.period === 'day').map((l) => l.compression)) {
      started = performance.now();
      const { table, bytes } = await buildMinuteArrays(bdb, compression, vehicleIds);
      compactSummary = Math.min(compactSummary, bytes);
      console.log(`${table}: ${perReading(bytes, readings)} bytes a reading, built in ${seconds(started)} s`);
    }

    // Candidate B: Parquet with ZSTD through DuckDB, one file a day or a vehicle and day.
    const work = mkdtempSync(join(tmpdir(), 'evfleet-history-'));
    const duck = await openDuck();
    started = performance.now();
    const csvFiles = await exportDays(bdb, FROM, END, join(work, 'csv'));
    console.log(`days exported as CSV in ${seconds(started)} s`);
    const parquetLayouts: ParquetLayout[] = [
      { files: 'day', version: 'V1' },
      { files: 'day', version: 'V2' },
      { files: 'vehicle-day', version: 'V2' },
    ];
    for (const layout of parquetLayouts) {
      started = performance.now();
      const name = parquetName(layout);
      const dir = join(work, name);
      const bytes = await writeParquet(duck, layout, csvFiles, dir);
      sizes.push({ name, bytes, note: `written in ${seconds(started)} s` });
      reads.push({ name, read: (id, day, limit) => readParquet(duck, layout, dir, id, day, limit) });
    }

    console.log(
      `\ncompacted layouts, bytes a reading: alone, with signal_minute as it is (${perReading(summaryBytes, readings)}), with it compacted by day (${perReading(compactSummary, readings)})`,
    );
    for (const { name, bytes, note } of sizes)
      console.log(
        `  ${name.padEnd(24)} ${[bytes, bytes + summaryBytes, bytes + compactSummary].map((b) => perReading(b, readings).padStart(7)).join(' ')}  (${note})`,
      );

    const breakdown = (name: string, columns: { column: string; bytes: number }[]) =>
      console.log(
        `  ${name}: ${columns
          .slice(0, 10)
          .map((c) => `${c.column} ${perReading(c.bytes, readings)}`)
          .join(', ')}`,
      );
    console.log('\nthe largest columns, bytes a reading:');
    breakdown('history_day_pglz', await arrayColumnBytes(bdb, 'history_day_pglz'));
    breakdown('parquet_day_V2', await parquetColumnBytes(duck, join(work, 'parquet_day_V2')));

    console.log(
      `\nreads of vehicle ${sampleVehicle}'s day ${new Date(sampleDay).toISOString().slice(0, 10)}, first call / median of ${ROUNDS} ms:`,
    );
    for (const { name, read } of reads) {
      const first50 = await timeRead(() => read(sampleVehicle, sampleDay, 50), ROUNDS);
      const whole = await timeRead(() => read(sampleVehicle, sampleDay), ROUNDS);
      const n = (await read(sampleVehicle, sampleDay)).length;
      console.log(
        `  ${name.padEnd(24)} first 50: ${first50.first.toFixed(1)} / ${first50.median.toFixed(1)}   whole day (${n}): ${whole.first.toFixed(1)} / ${whole.median.toFixed(1)}`,
      );
    }

    const sampleVehicles = vehicleIds.slice(0, 3);
    console.log(`\nexact read-back, vehicles ${sampleVehicles.join(', ')}, every day:`);
    for (const { name, read } of reads.slice(1)) {
      let checked = 0;
      let differing = 0;
      let first: string | null = null;
      for (const id of sampleVehicles)
        for (let day = FROM; day < END; day += DAY_MS) {
          const want = await readStored(bdb, id, day, day + DAY_MS);
          const result = compareReads(want, await read(id, day));
          checked += want.length;
          differing += result.differing;
          first ??= result.first;
        }
      console.log(`  ${name.padEnd(24)} ${checked} readings, ${differing} differ${first ? `: ${first}` : ''}`);
    }

    duck.closeSync();
    rmSync(work, { recursive: true, force: true });
  }

  await bdb.close();
}

/**
 * The layout built, as a running server keeps it: the readings loaded a day at a time into a
 * database of their own, each day's chart minutes rebuilt as the pipeline keeps them, then the
 * server's compaction job (a hot window of none) and VACUUM, as autovacuum would. can_reading and
 * signal_minute never hold more than a day, as in production they hold the hot window. Fails the
 * run when the growth misses the goal at a reading every 10 s.
 */
async function measureBuilt() {
  const { bdb, vehicleIds, before } = await freshDatabase('evfleet_history_built_bench');
  const compaction = createHistoryCompaction(bdb.database, {
    hotDays: 0,
    log: { info: () => {}, error: console.error },
  });
  let readings = 0;
  let compacted = 0;
  let compactMs = 0;
  const started = performance.now();
  let day = FROM;
  /** The day before `until` is loaded whole: its minutes, the job, VACUUM. */
  const closeDay = async () => {
    for (const id of vehicleIds) await rebuildMinutes(bdb.db, id, day, day + DAY_MS);
    const t = performance.now();
    compacted += (await compaction.run()).readings;
    compactMs += performance.now() - t;
    await bdb.rows('vacuum');
    day += DAY_MS;
  };
  for (const batch of demoHistory({ vehicleIds, from: FROM, to: END, tickS: TICK_S, stepping: STEPPING })) {
    let rest = batch;
    while (rest.length && rest[rest.length - 1].reading.ts >= day + DAY_MS) {
      const split = rest.findIndex((r) => r.reading.ts >= day + DAY_MS);
      readings += (await bdb.store.insert(rest.slice(0, split))).length;
      rest = rest.slice(split);
      await closeDay();
    }
    readings += (await bdb.store.insert(rest)).length;
  }
  await closeDay();
  await settle(bdb);
  const after = await bdb.size();
  const [left] = await bdb.rows<{ days: string; day_indexes: string; rows: string; minutes: string }>(
    `select pg_table_size('reading_day') as days, pg_indexes_size('reading_day') as day_indexes,
      (select sum(pg_total_relation_size(inhrelid)) from pg_inherits where inhparent = 'can_reading'::regclass) as rows,
      pg_total_relation_size('signal_minute') as minutes`,
  );
  const grown = (after.database - before.database) / readings;
  console.log(
    `
the layout built (telemetry/compaction/), ${bdb.kind}: ${readings.toLocaleString('en')} readings loaded a day at a time in ${seconds(started)} s, ${compacted.toLocaleString('en')} compacted by the job in ${(compactMs / 1000).toFixed(1)} s (${((compacted / compactMs) * 1000).toFixed(0)} readings/s)`,
  );
  console.log(
    `  reading_day ${perReading(Number(left.days), readings)} + its index ${perReading(Number(left.day_indexes), readings)}; left of can_reading ${perReading(Number(left.rows), readings)} and signal_minute ${perReading(Number(left.minutes), readings)} with their indexes`,
  );
  console.log(`  database growth ${grown.toFixed(1)} bytes a reading (goal ≤ ${GOAL_BYTES})`);
  if (after.directory !== null && before.directory !== null)
    console.log(
      `  PGlite data directory growth ${perReading(after.directory - before.directory, readings)}, of which its WAL ${perReading(after.wal! - before.wal!, readings)}`,
    );
  if (STEPPING === 'every' && grown > GOAL_BYTES) {
    console.log(`goal missed: more than ${GOAL_BYTES} bytes a reading`);
    process.exitCode = 1;
  }
  await bdb.close();
}

/** A new database with the vehicles and the partitions of the period, settled, and its size. */
async function freshDatabase(name: string) {
  const bdb = await openBenchDatabase(name);
  await seedVehicles(bdb.db, VEHICLES);
  const vehicleIds = (await bdb.rows<{ id: number }>(`select id from vehicle order by id`)).map((r) => r.id);
  await createPartitionManager({ query: (t) => bdb.rows(t), rows: (t) => bdb.rows(t) }).ensureFor(
    Array.from({ length: DAYS + 1 }, (_, d) => Math.min(FROM + d * DAY_MS, END - 1)),
  );
  await settle(bdb);
  return { bdb, vehicleIds, before: await bdb.size() };
}

const settle = async (bdb: BenchDatabase) => {
  await bdb.rows('vacuum analyze');
  await bdb.rows('checkpoint');
};

if (TODAY) await measureToday();
await measureBuilt();
console.log(`\nwhole run ${seconds(runStarted)} s`);
