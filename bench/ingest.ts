/**
 * Ingestion on PostgreSQL: N simulated devices publish single QoS 1 readings of every signal and 32
 * cells through MQTT on loopback for BENCH_SECONDS; evfleet acknowledges each after its commit.
 * Counts what the broker acknowledged against what was stored, watches memory, and times a raw
 * COPY of the same rows into the same table for comparison. Goal: 20,000 readings/s (floor 10,000).
 */
import { spawn } from 'node:child_process';
import { readingsTopic } from '@evfleet/domain';
import pg from 'pg';
import { freePort } from '../packages/server/test/support/ports.js';
import { publishDevice } from './mqtt-load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEVICES = Number(process.env.DEVICES ?? 100);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 20); // unacknowledged messages per device
const url = process.env.TEST_DATABASE_URL!;

const port = await freePort();
const server = spawn('node', [...(process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/ingest-prof'] : []), '--import', 'tsx', 'bench/ingest-server.ts'], { env: { ...process.env, MQTT_PORT: String(port), DEVICES: String(DEVICES) }, stdio: ['ignore', 'pipe', 'inherit'] });
const memory: number[] = [];
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.includes('READY')) resolve();
    for (const m of text.matchAll(/MEM (\d+) (\d+) QUEUED (\d+)/g)) memory.push(Number(m[1]));
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const cells = Array.from({ length: 32 }, (_, i) => 3.2 + (i % 7) * 0.01);
const readingAt = (ts: number, i: number) =>
  JSON.stringify({
    ts, batteryCharge: 70 + (i % 20), packVoltage: 88.4, chargeStatus: 0, battery12v: 12.6, vehicleCurrent: 42.5, limpMode: 0, gear: 1,
    speed: 14.2, motorRpm: 2100, controllerTemp: 96, motorTemp: 118, odometer: 12450.3, daysNotCharged: 1, gpsLat: 41.8781, gpsLong: -87.6298,
    gpsSignal: 4, lteSignal: 3, milesToEmpty: 42, cabinTemp: 71, brakePressure: 12, motorCurrent: 140, throttle: 35, heading: 182, cellPackTemp: 88, cells,
  });

let acked = 0;
const start = Date.now() - 3600_000; // timestamps an hour back, one ms apart per reading of a device
const deadline = Date.now() + SECONDS * 1000;
const t0 = Date.now();
const counts = await Promise.all(
  Array.from({ length: DEVICES }, (_, d) =>
    publishDevice({ port, vin: `BENCH${d + 1}`, token: 'bench-token', topic: readingsTopic(`BENCH${d + 1}`), inFlight: IN_FLIGHT, until: deadline, payload: (n) => readingAt(start + n, n) }),
  ),
);
acked = counts.reduce((a, b) => a + b, 0);
const elapsed = (Date.now() - t0) / 1000;
const pool = new pg.Pool({ connectionString: url });
const stored = Number((await pool.query('select count(*) as n from can_reading')).rows[0].n);
server.kill('SIGINT');

// The same number of rows through a raw text COPY straight into the same table (no checks, no state).
await pool.query('truncate can_reading');
const client = await pool.connect();
const { from: copyFrom } = await import('pg-copy-streams');
const { pipeline } = await import('node:stream/promises');
const { Readable } = await import('node:stream');
const rows = Math.min(stored, 500_000);
const line = (i: number) => `${(i % DEVICES) + 1}\t${new Date(start + i).toISOString()}\t${[70, 88.4, 0, 12.6, 42.5, 0, 1, 14.2, 2100, 96, 118, 12450.3, 1, 41.8781, -87.6298, 4, 3, 42, 71, 12, 140, 35, 182, 88].join('\t')}\t{${cells.join(',')}}\t\\N\n`;
const c0 = Date.now();
await pipeline(
  Readable.from((function* () { for (let i = 0; i < rows; i++) yield line(i); })()),
  client.query(copyFrom('copy can_reading (vehicle_id, ts, battery_charge, pack_voltage, charge_status, battery_12v, vehicle_current, limp_mode, gear, speed, motor_rpm, controller_temp, motor_temp, odometer, days_not_charged, gps_lat, gps_long, gps_signal, lte_signal, miles_to_empty, cabin_temp, brake_pressure, motor_current, throttle, heading, cell_pack_temp, cells, extra) from stdin')),
);
const copyRate = rows / ((Date.now() - c0) / 1000);
client.release();
await pool.end();

const rate = stored / elapsed;
console.log(`devices ${DEVICES}, ${IN_FLIGHT} in flight each, ${elapsed.toFixed(1)} s`);
console.log(`acknowledged by evfleet : ${acked}`);
console.log(`stored                  : ${stored}  ${acked === stored ? '(every acknowledged reading stored)' : 'MISMATCH'}`);
console.log(`ingestion               : ${rate.toFixed(0)} readings/s (${((rate * 58) / 1e6).toFixed(2)} M data points/s)  goal >= 20000, floor 10000`);
console.log(`raw COPY, same rows     : ${copyRate.toFixed(0)} rows/s   ratio evfleet/COPY ${(rate / copyRate).toFixed(2)} (goal >= 0.33)`);
console.log(`server RSS (MB) every 5 s: ${memory.join(' ')}`);
if (acked !== stored || rate < 10_000) process.exitCode = 1;
