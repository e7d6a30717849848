/**
 * The binary COPY encoder of readings (telemetry/reading-store.ts over lib/pg-copy-binary) against
 * pg-copy-streams-binary's rowWriter, the maintained npm encoder for pg-copy-streams, on the same
 * rows: every stored signal, 32 cells, an unknown signal in `extra` on every tenth (the ingestion
 * benchmark's readings, parsed by parseReading). Both must give the same bytes. Prints rows/s and
 * µs of CPU per row for encoding alone (median of RUNS after a warm-up); with TEST_DATABASE_URL
 * (scripts/with-postgres.sh) also each one's COPY into a PostgreSQL table of the readings' columns.
 * Ingestion's goals are 20,000 readings/s and at most 10 µs of evfleet's CPU a reading in
 * all, so the encoder's share is 2 µs a row at most (the goal here).
 */
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { SIGNAL_RANGES, type SignalKey } from '@evfleet/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { parseReading, STORED_SIGNALS } from '../packages/server/src/readings/reading.js';
import { binaryCopyChunks, COLUMN_LIST, SIGNAL_COLUMNS } from '../packages/server/src/telemetry/reading-store.js';
import { type StoredRow } from '../packages/server/src/readings/stored-row.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const GOAL_US = 2;

/** pg-copy-streams-binary (CommonJS, no types): a Transform taking each row as an array of typed fields. */
type Field = { type: string; value: unknown };
const { rowWriter } = createRequire(import.meta.url)('pg-copy-streams-binary') as {
  rowWriter: () => Transform;
};

// ---- the rows
const now = Date.now();
const cells = Array.from({ length: 32 }, (_, i) => 3.6 + i / 100);
const rows: StoredRow[] = Array.from({ length: ROWS }, (_, i) => {
  const raw: Record<string, unknown> = { ts: now - 3_600_000 + i, cells };
  for (const key of STORED_SIGNALS) {
    const { min, max } = SIGNAL_RANGES[key as SignalKey] ?? { min: 0, max: 360 };
    raw[key] = Math.round((min + ((max - min) * ((i * 7 + key.length) % 100)) / 100) * 100) / 100;
  }
  if (i % 10 === 0) raw.tirePressure = 2.4 + (i % 7) / 10;
  const parsed = parseReading(raw, now);
  if (!parsed.ok) throw new Error(parsed.detail);
  return { vehicleId: (i % 100) + 1, reading: parsed.reading };
});

// ---- the encoders, each from the rows to the COPY stream's chunks
const ours = () => Readable.from(binaryCopyChunks(rows));
/** The library's row: a typed field for each column, values as it takes them (a Date for the time). */
const libraryRow = ({ vehicleId, reading }: StoredRow): Field[] => [
  { type: 'int4', value: vehicleId },
  { type: 'timestamptz', value: new Date(reading.ts) },
  ...reading.values.map((v) => ({ type: 'float8', value: Number.isNaN(v) ? null : v })),
  { type: '_float4', value: reading.cells },
  { type: 'jsonb', value: reading.extra },
];
const library = () => Readable.from(rows.map(libraryRow)).pipe(rowWriter());
const encoders = { 'ours (lib/pg-copy-binary)': ours, 'pg-copy-streams-binary 2.2.0 rowWriter': library };

async function encoded(stream: Readable) {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
const same = (await encoded(ours())).equals(await encoded(library()));
console.log(`${ROWS.toLocaleString('en')} rows; the two encoders give the same bytes: ${same}`);
if (!same) process.exit(1);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let missed = false;
for (const [name, encoder] of Object.entries(encoders)) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for await (const chunk of encoder()) bytes += (chunk as Buffer).length;
    const used = process.cpuUsage(c0);
    if (run === 0) continue; // the warm-up
    wall.push(performance.now() - t0);
    cpu.push(used.user + used.system);
    if (!bytes) throw new Error('nothing encoded');
  }
  const us = median(cpu) / ROWS;
  if (name.startsWith('ours') && us > GOAL_US) missed = true;
  console.log(
    `${name}: ${Math.round(ROWS / (median(wall) / 1000)).toLocaleString('en')} rows/s, ${us.toFixed(2)} µs CPU a row (median of ${RUNS})`,
  );
}

// ---- into PostgreSQL
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const pool = new pg.Pool({ connectionString: url });
  const client = await pool.connect();
  const signals = SIGNAL_COLUMNS.map((c) => `${c} float8`).join(', ');
  await client.query(
    `create table bench_reading (vehicle_id int4 not null, ts timestamptz not null, ${signals}, cells real[], extra jsonb)`,
  );
  for (const [name, encoder] of Object.entries(encoders)) {
    await client.query('truncate bench_reading');
    await client.query('checkpoint');
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await pipeline(encoder(), client.query(copyFrom(`copy bench_reading (${COLUMN_LIST}) from stdin (format binary)`)));
    const ms = performance.now() - t0;
    const used = process.cpuUsage(c0);
    const { rows: stored } = await client.query<{ n: number }>('select count(*)::int as n from bench_reading');
    if (stored[0].n !== ROWS) throw new Error(`${name}: ${stored[0].n} rows stored`);
    console.log(
      `COPY into PostgreSQL, ${name}: ${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s, ${((used.user + used.system) / ROWS).toFixed(2)} µs of Node's CPU a row`,
    );
  }
  client.release();
  await pool.end();
}
if (missed) {
  console.log(`goal missed: encoding at most ${GOAL_US} µs a row`);
  process.exit(1);
}
