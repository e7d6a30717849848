/**
 * Ingestion on PostgreSQL: N simulated devices publish single QoS 1 readings of every signal and 32
 * cells through MQTT on loopback for BENCH_SECONDS, first to evfleet's embedded broker (each PUBACK
 * after the commit), then to a Mosquitto with deploy/mosquitto.conf that evfleet consumes as the
 * external broker (PUBACK from Mosquitto; the run lasts until evfleet has stored everything).
 * Counts what each broker acknowledged against what was stored, watches memory, and times a raw
 * binary COPY of the same rows into the same table. Goal: 20,000 readings/s (floor 10,000).
 */
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { readingsTopic } from '@evfleet/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { binaryCopyChunks } from '../packages/server/src/telemetry/copy-binary.js';
import { parseReading } from '../packages/server/src/telemetry/reading.js';
import { COLUMN_LIST } from '../packages/server/src/telemetry/reading-store.js';
import { HAS_MOSQUITTO, startMosquitto } from '../packages/server/test/support/mosquitto.js';
import { freePort } from '../packages/server/test/support/ports.js';
import { publishDevice } from './mqtt-load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEVICES = Number(process.env.DEVICES ?? 100);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 20); // unacknowledged messages per device
const url = process.env.TEST_DATABASE_URL!;
const pool = new pg.Pool({ connectionString: url });
const storedCount = async () => Number((await pool.query('select count(*) as n from can_reading')).rows[0].n);

const cells = Array.from({ length: 32 }, (_, i) => 3.2 + (i % 7) * 0.01);
const reading = (ts: number, i: number) => ({
  ts, batteryCharge: 70 + (i % 20), packVoltage: 88.4, chargeStatus: 0, battery12v: 12.6, vehicleCurrent: 42.5, limpMode: 0, gear: 1,
  speed: 14.2, motorRpm: 2100, controllerTemp: 96, motorTemp: 118, odometer: 12450.3, daysNotCharged: 1, gpsLat: 41.8781, gpsLong: -87.6298,
  gpsSignal: 4, lteSignal: 3, milesToEmpty: 42, cabinTemp: 71, brakePressure: 12, motorCurrent: 140, throttle: 35, heading: 182, cellPackTemp: 88, cells,
});

/** One run: evfleet in its own process, the devices publishing to `brokerPort`, readings from `start` on. */
async function run(label: string, start: number, brokerPort: number, serverEnv: Record<string, string>) {
  const server = spawn('node', [...(process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/ingest-prof'] : []), '--import', 'tsx', 'bench/ingest-server.ts'], { env: { ...process.env, ...serverEnv, DEVICES: String(DEVICES) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const memory: string[] = [];
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('READY')) resolve();
      for (const m of text.matchAll(/MEM (\d+) (\d+) QUEUED (\d+)/g)) memory.push(`${m[1]}/${m[2]}/${m[3]}`);
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const device = (d: number, inFlight: number, until: number, payload: (n: number) => string) =>
    publishDevice({ port: brokerPort, vin: `BENCH${d + 1}`, token: 'bench-token', topic: readingsTopic(`BENCH${d + 1}`), inFlight, until, payload });
  // Through an external broker, evfleet's subscription must exist before devices publish: probe.
  const initial = await storedCount();
  for (let probe = 1; serverEnv.MQTT_URL && (await storedCount()) === initial; probe++) {
    await device(0, 1, 0, () => JSON.stringify(reading(start - probe, 0)));
    await new Promise((r) => setTimeout(r, 250));
  }
  const before = await storedCount();
  const deadline = Date.now() + SECONDS * 1000;
  const t0 = Date.now();
  const counts = await Promise.all(
    Array.from({ length: DEVICES }, (_, d) => device(d, IN_FLIGHT, deadline, (n) => JSON.stringify(reading(start + n, n)))),
  );
  const acked = counts.reduce((a, b) => a + b, 0);
  // Through an external broker, acknowledged means accepted by the broker: wait until stored.
  let stored = (await storedCount()) - before;
  for (let still = 0; stored < acked && still < 50; ) {
    await new Promise((r) => setTimeout(r, 100));
    const now = (await storedCount()) - before;
    still = now === stored ? still + 1 : 0;
    stored = now;
  }
  const elapsed = (Date.now() - t0) / 1000;
  server.kill('SIGINT');
  await new Promise((r) => server.once('exit', r));
  const rate = stored / elapsed;
  console.log(`${label}: devices ${DEVICES}, ${IN_FLIGHT} in flight each, ${elapsed.toFixed(1)} s`);
  console.log(`  acknowledged by the broker: ${acked}`);
  console.log(`  stored                    : ${stored}  ${acked === stored ? '(every acknowledged reading stored)' : 'MISMATCH'}`);
  console.log(`  ingestion                 : ${rate.toFixed(0)} readings/s (${((rate * 58) / 1e6).toFixed(2)} M data points/s)  goal >= 20000, floor 10000`);
  console.log(`  server RSS MB/heap MB/queued readings, 5 s apart: ${memory.join(' ')}`);
  return { rate, stored, ok: acked === stored };
}

const hour = 3600_000;
const embeddedPort = await freePort();
const results = [await run('embedded broker (aedes)', Date.now() - 2 * hour, embeddedPort, { MQTT_PORT: String(embeddedPort) })];
if (HAS_MOSQUITTO) {
  const broker = await startMosquitto();
  try {
    results.push(await run('Mosquitto, evfleet consuming', Date.now() - hour, Number(new URL(broker.url).port), { MQTT_URL: broker.url }));
  } finally {
    await broker.stop();
  }
} else console.log('Mosquitto not installed: external-broker run skipped');

// As many rows as the first run stored, straight into the same table: binary COPY, no checks, no state.
const rows = Math.min(results[0].stored, 500_000);
await pool.query('truncate can_reading');
const copied = Array.from({ length: rows }, (_, i) => {
  const parsed = parseReading(reading(Date.now() - 2 * hour + i, i), Date.now());
  if (!parsed.ok) throw new Error(parsed.detail);
  return { vehicleId: (i % DEVICES) + 1, reading: parsed.reading };
});
const client = await pool.connect();
const c0 = Date.now();
await pipeline(Readable.from(binaryCopyChunks(copied)), client.query(copyFrom(`copy can_reading (${COLUMN_LIST}) from stdin (format binary)`)));
const copyRate = rows / ((Date.now() - c0) / 1000);
client.release();
await pool.end();

console.log(`raw binary COPY, same rows: ${copyRate.toFixed(0)} rows/s; ratio evfleet/COPY ${results.map((r) => r.rate / copyRate).map((r) => r.toFixed(2)).join(' (embedded), ')}${results.length > 1 ? ' (Mosquitto)' : ''} (goal >= 0.33)`);
if (results.some((r) => !r.ok) || results.every((r) => r.rate < 10_000)) process.exitCode = 1;
