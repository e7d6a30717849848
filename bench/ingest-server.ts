/**
 * evfleet for the ingestion benchmark, in its own process: PostgreSQL from TEST_DATABASE_URL and the
 * embedded MQTT broker on MQTT_PORT (or MQTT_URL), Teltonika trackers on TELTONIKA_PORT. Creates
 * DEVICES vehicles (TRACKERS if more) with one known token, each with a Teltonika tracker
 * (bench/support/imei.ts) read by the built-in profile, and prints "READY" once listening.
 *
 * INGEST_CEILING=1 runs only the front of the pipeline: the embedded broker, device sign-in, JSON
 * parsing and the reading checks, with a writer that stores nothing and acknowledges at once. What
 * the load generator and that front reach together bounds what the whole pipeline can reach.
 *
 * The vehicles belong to one fleet; BENCH_ZONES (0) gives that fleet as many zones (bench/support/
 * bench-zones.ts), one of them a depot holding every reading: what the zones cost ingestion.
 *
 * SIGUSR2 samples what the main thread allocates for 4 s, the garbage too (V8's sampling heap
 * profiler keeps only what is still alive unless told otherwise), into ALLOC_FILE.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import type * as App from '../packages/server/src/app.js';
import type * as Config from '../packages/server/src/config.js';
import type * as Client from '../packages/server/src/db/client.js';
import type * as Seed from '../packages/server/src/db/seed.js';
import type * as DeviceToken from '../packages/server/src/telemetry/device-token.js';
import type * as Devices from '../packages/server/src/telemetry/devices.js';
import type * as Ingest from '../packages/server/src/telemetry/ingest.js';
import type * as Broker from '../packages/server/src/telemetry/mqtt/mqtt-broker.js';
import type * as ParseThread from '../packages/server/src/telemetry/parse-thread.js';
import type * as Rejections from '../packages/server/src/telemetry/rejections.js';
import { benchFleetSql, benchZonesSql } from './support/bench-zones.js';
import { benchImei } from './support/imei.js';

/** The compiled server, as production runs it (`npm run build` first; bench/run.sh does); typed from its sources. */
const compiled = <T>(path: string) => import(`../packages/server/dist/${path}.js`) as Promise<T>;
const { buildApp } = await compiled<typeof App>('app');
const { loadConfig } = await compiled<typeof Config>('config');
const { openDatabase } = await compiled<typeof Client>('db/client');
const { seedReferenceData } = await compiled<typeof Seed>('db/seed');
const { hashDeviceToken } = await compiled<typeof DeviceToken>('telemetry/device-token');
const { createDeviceRegistry } = await compiled<typeof Devices>('telemetry/devices');
const { createIngest } = await compiled<typeof Ingest>('telemetry/ingest');
const { startEmbeddedBroker } = await compiled<typeof Broker>('telemetry/mqtt/mqtt-broker');
const { createParseThread } = await compiled<typeof ParseThread>('telemetry/parse-thread');
const { createRejectionCounter } = await compiled<typeof Rejections>('telemetry/rejections');

const devices = Math.max(Number(process.env.DEVICES ?? 100), Number(process.env.TRACKERS ?? 0));
const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.TEST_DATABASE_URL,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'warn',
  DATA_DIR: '/tmp/evfleet-bench',
  PORT: '0',
});
const database = await openDatabase(config.database, 20);
await seedReferenceData(database.db);
const hash = hashDeviceToken(process.env.DEVICE_TOKEN ?? 'bench-token');
if (database.raw.kind !== 'postgres') throw new Error('PostgreSQL only');
await database.raw.pool.query(
  `insert into vehicle (name, vin, device_token_hash) select 'Bench ' || i, 'BENCH' || i, $1 from generate_series(1, $2::int) i on conflict do nothing`,
  [hash, devices],
);
await database.raw.pool.query(benchFleetSql);
await database.raw.pool.query(benchZonesSql(Number(process.env.BENCH_ZONES ?? 0)));

let queued = () => 0;
/** Messages and hand-overs to the parse thread so far. */
let parsing = { messages: 0, handOvers: 0 };
/** What evfleet has stored; in the ceiling run, what it has accepted (nothing is stored). */
let stored = () => accepted;
let accepted = 0;
if (process.env.INGEST_CEILING) {
  const { log } = Fastify({ logger: { level: 'warn' } });
  const registry = createDeviceRegistry(database.db);
  const rejections = createRejectionCounter(log);
  const parseThread = createParseThread();
  parsing = parseThread.stats;
  const writer = {
    add: (rows: unknown[], settled: () => void) => {
      accepted += rows.length;
      settled();
    },
  };
  await startEmbeddedBroker(
    {
      devices: registry,
      rejections,
      ingest: createIngest({ devices: registry, writer, rejections, parse: parseThread.parse }),
    },
    { port: config.mqtt.port, host: '127.0.0.1', log },
  );
} else {
  const app = await buildApp({ config, database });
  // The built-in profile is made as the app starts.
  await database.raw.pool.query(
    `insert into vehicle_tracker (vehicle_id, protocol, identifier, profile_id)
     select v.id, 'teltonika', t.imei, (select id from device_profile where built_in)
     from unnest($1::text[]) with ordinality as t(imei, i) join vehicle v on v.vin = 'BENCH' || t.i
     on conflict do nothing`,
    [Array.from({ length: devices }, (_, i) => benchImei(i + 1))],
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  queued = () => app.telemetry.writer.queued;
  parsing = app.telemetry.parseThreadStats;
  stored = () => app.telemetry.writer.stats.storedRows;
}
process.on('SIGINT', () => {
  console.log(`ACCEPTED ${accepted}`);
  process.exit(0);
});
console.log('READY');
setInterval(() => console.log(`STORED ${stored()}`), 100).unref();
// How busy the main thread was over the last 5 s: near 100 % it bounds the rate, below it the
// devices' acknowledgements (latency) do.
let loop = performance.eventLoopUtilization();
let parsed = { ...parsing };
setInterval(() => {
  const m = process.memoryUsage();
  const busy = performance.eventLoopUtilization(loop);
  loop = performance.eventLoopUtilization();
  const perHandOver = (parsing.messages - parsed.messages) / Math.max(parsing.handOvers - parsed.handOvers, 1);
  parsed = { ...parsing };
  console.log(
    `MEM ${Math.round(m.rss / 1e6)} ${Math.round(m.heapUsed / 1e6)} QUEUED ${queued()} BUSY ${Math.round(busy.utilization * 100)} HANDOVER ${Math.round(perHandOver)}`,
  );
}, 5000).unref();

process.on('SIGUSR2', async () => {
  const session = new Session();
  session.connect();
  const before = stored();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await new Promise((r) => setTimeout(r, 4000));
  const { profile } = await session.post('HeapProfiler.stopSampling');
  // The readings handled meanwhile, for bytes a reading.
  writeFileSync(process.env.ALLOC_FILE!, JSON.stringify({ ...profile, readings: stored() - before }));
  session.disconnect();
});
