/**
 * Ingestion on PostgreSQL, through the compiled server: N simulated devices publish single QoS 1
 * readings of every signal and 32 cells through MQTT on loopback for BENCH_SECONDS, measured after
 * BENCH_WARMUP (5) seconds of the same load, first to evfleet's embedded broker (each PUBACK after
 * the commit), then to a Mosquitto with deploy/mosquitto.conf that evfleet consumes as the
 * external broker (PUBACK from Mosquitto; the run lasts until evfleet has stored everything), then
 * to a Mosquitto that keeps the readings while evfleet is stopped and hands them over once it is
 * started again: evfleet alone sets the pace there, as at its capacity, where the live run's pace
 * is that of the broker and the load generator sharing the two cores with it.
 * Counts what each broker acknowledged against what was stored, watches memory, and times a raw
 * binary COPY of the same rows into the same table. Goal: 20,000 readings/s (floor 10,000).
 *
 * In the Teltonika run, TELTONIKA_DEVICES (300) trackers, one a vehicle, send Codec 8E packets of
 * records with 30 IO elements to evfleet's Teltonika listener (bench/teltonika-load.ts), a packet at
 * a time each as a device does; evfleet's CPU a reading (a record) is compared with the embedded
 * line's: goal at most 1.2 times as much.
 *
 * A last run measures the ceiling of the load generator and the front of the pipeline alone
 * (embedded broker, sign-in, JSON parsing and checks; nothing stored). Each run also prints the CPU
 * time per reading of each process (load generator, broker, evfleet, PostgreSQL), and evfleet's
 * by thread: on two shared cores readings/s move with the machine's load, CPU per reading much
 * less, and their sum says what rate the two cores could reach at best. The zones run is the embedded one with
 * 1,000 zones in the vehicles' fleet (one holding every reading): evfleet's CPU a reading is compared
 * with the embedded line's, goal at most 1.1 times as much. BENCH_LINES=embedded,zones,mosquitto,backlog,teltonika,ceiling picks runs;
 * PROFILE=1 writes V8 CPU profiles of evfleet's process to /tmp/ingest-prof (wall time, thread by
 * thread); PERF=1 records its CPU with perf to /tmp/ingest-perf (bench/perf-summary.ts); ALLOC=1 samples what
 * evfleet's main thread allocates for 4 s, garbage included, to /tmp/ingest-alloc (bench/alloc-summary.ts); SERVER_NODE_ARGS passes
 * other node flags to it (e.g. "--heap-prof --max-semi-space-size=32") and SERVER_OUT=FILE keeps what it
 * prints (e.g. the young collections that "--trace-gc-nvp" reports). */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { readingsTopic } from '@evfleet/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { parseReading } from '../packages/server/src/readings/reading.js';
import { binaryCopyChunks, COLUMN_LIST } from '../packages/server/src/telemetry/reading-store.js';
import { HAS_MOSQUITTO, startMosquitto } from '../packages/server/test/support/mosquitto.js';
import { ensureServerBuilt, SERVER_NODE_FLAGS } from '../packages/server/test/support/portal-process.js';
import { freePort } from '../packages/server/test/support/ports.js';
import { publishDevice } from './mqtt-load.js';
import { cpuSeconds, ioCounts, postgresPids, threadCpuSeconds } from './support/cpu-time.js';
import { reading } from './support/device-reading.js';
import { benchImei } from './support/imei.js';
import { IO_ELEMENTS, RECORDS_PER_PACKET, runTracker } from './teltonika-load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/**
 * Seconds of load before the measured ones: V8 compiles the hot code and each vehicle's state is
 * loaded then, a start-up cost that a short window would spread over its readings (about a tenth
 * of a 20 s window's CPU). Its own figure is printed apart.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const DEVICES = Number(process.env.DEVICES ?? 100);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 20); // unacknowledged messages per device
/**
 * Teltonika trackers: one packet in flight each, so more of them than MQTT devices for about as
 * many readings in flight (300 × 8 records against 100 × 20 messages).
 */
const TRACKERS = Number(process.env.TELTONIKA_DEVICES ?? 300);
/** Where the server's output is copied (e.g. V8's `--trace-gc-nvp` lines, through SERVER_NODE_ARGS). */
const SERVER_OUT = process.env.SERVER_OUT;
/**
 * The runs to make: evfleet with its embedded broker, evfleet behind Mosquitto live and from its
 * backlog, Teltonika trackers, the ceiling of the front alone.
 */
const LINES = (process.env.BENCH_LINES ?? 'embedded,zones,mosquitto,backlog,teltonika,ceiling').split(',');
const url = process.env.TEST_DATABASE_URL!;
const pool = new pg.Pool({ connectionString: url });
const storedCount = async () => Number((await pool.query('select count(*) as n from can_reading')).rows[0].n);

/**
 * JSON.stringify(reading(ts, i)), with the unchanging part serialised once: the load generator
 * shares the two cores with what it measures, so its own cost per message is kept down.
 */
const unchanging = JSON.stringify({ ...reading(0, 0), ts: undefined, batteryCharge: undefined }).slice(1);
const message = (ts: number, i: number) => `{"ts":${ts},"batteryCharge":${70 + (i % 20)},${unchanging}`;
if (message(1, 3) !== JSON.stringify(reading(1, 3))) throw new Error('message() differs from reading()');

/** CPU seconds of the processes of one run, split by part: where the two cores went. */
type CpuParts = Record<'load generator' | 'broker' | 'evfleet' | 'PostgreSQL', number>;
const cpuOf = async (serverPid: number, brokerPid: number | null): Promise<CpuParts> => ({
  'load generator': process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
  broker: brokerPid ? cpuSeconds([brokerPid]) : 0,
  evfleet: cpuSeconds([serverPid]),
  PostgreSQL: cpuSeconds(await postgresPids(pool)),
});
const cpuLine = (before: CpuParts, after: CpuParts, readings: number) => {
  const parts = (Object.keys(before) as (keyof CpuParts)[])
    .map((k) => [k, ((after[k] - before[k]) * 1e6) / readings] as const)
    .filter(([, us]) => us > 0.05);
  const total = parts.reduce((sum, [, us]) => sum + us, 0);
  return `${parts.map(([k, us]) => `${k} ${us.toFixed(1)}`).join(', ')}; total ${total.toFixed(1)} µs -> at most ${((2e6 / total) | 0).toLocaleString('en-US')} readings/s on 2 cores`;
};

/**
 * evfleet's CPU a reading by thread: the main one, the busiest other (the parse thread) and the
 * rest (V8's collector helpers, libuv's pool), and how much of it the kernel spent (sockets). A
 * CPU profile samples wall time, so a thread's time in a syscall that wakes another process or
 * thread counts there as busy; this is CPU only.
 */
const threadsLine = (pid: number, before: ThreadCpu, after: ThreadCpu, readings: number) => {
  const us = (tid: number, part: 'user' | 'system' | 'both' = 'both') => {
    const [a, b] = [after.get(tid), before.get(tid)];
    const of = (t: typeof a) => (!t ? 0 : part === 'both' ? t.user + t.system : t[part]);
    return ((of(a) - of(b)) * 1e6) / readings;
  };
  const others = [...after.keys()].filter((tid) => tid !== pid).sort((x, y) => us(y) - us(x));
  const rest = others.slice(1).reduce((sum, tid) => sum + us(tid), 0);
  const kernel = [...after.keys()].reduce((sum, tid) => sum + us(tid, 'system'), 0);
  return `main ${us(pid).toFixed(1)}, parse thread ${(others.length ? us(others[0]) : 0).toFixed(1)}, other threads ${rest.toFixed(1)}; in the kernel ${kernel.toFixed(1)}`;
};
type ThreadCpu = ReturnType<typeof threadCpuSeconds>;

/** Readings a read system call and a wake-up of the main thread carried: fewer, larger is cheaper. */
const ioLine = (before: IoCounts, after: IoCounts, readings: number) => {
  const [reads, writes, sleeps] = [
    after.reads - before.reads,
    after.writes - before.writes,
    after.sleeps - before.sleeps,
  ];
  const kib = (after.readBytes - before.readBytes) / 1024 / Math.max(1, reads);
  return `${(readings / Math.max(1, reads)).toFixed(1)} readings a read (${kib.toFixed(1)} KiB), ${(readings / Math.max(1, writes)).toFixed(1)} a write, ${(readings / Math.max(1, sleeps)).toFixed(1)} a wake-up of the main thread`;
};
type IoCounts = ReturnType<typeof ioCounts>;

interface Line {
  label: string;
  /** Readings are timed from `start` on (MQTT devices). */
  start: number;
  /** Where the load generator sends: the MQTT broker, or evfleet's Teltonika listener. */
  port: number;
  brokerPid?: number;
  serverEnv: Record<string, string>;
  /** The front of the pipeline only: nothing is stored, acknowledged readings are the count. */
  ceiling?: boolean;
  /**
   * Through an external broker: the devices publish while evfleet is stopped, then evfleet reads
   * what the broker kept, as fast as it can (as after a restart), the load generator idle.
   */
  backlog?: boolean;
  /** Teltonika trackers instead of MQTT devices: each record is a reading, dated a minute ago or less. */
  teltonika?: boolean;
}

/** A run's files are named by its label's first word: embedded, zones, mosquitto, backlog, teltonika, ceiling. */
const lineName = (label: string) => label.split(/[^a-z]/i)[0].toLowerCase();

/**
 * perf's CPU samples of evfleet's process, with call chains, for the measured seconds of one run
 * after the first (`PERF=1`; bench/perf-summary.ts reads them): the threads' true CPU, the
 * kernel's included.
 */
function recordPerf(pid: number, label: string) {
  mkdirSync('/tmp/ingest-perf', { recursive: true });
  const file = `/tmp/ingest-perf/${lineName(label)}.data`;
  const perf = spawn('perf', ['record', '-g', '-F', '999', '-e', 'cpu-clock', '-p', String(pid), '-o', file], {
    stdio: 'ignore',
  });
  return {
    stop: async () => {
      perf.kill('SIGINT');
      await new Promise((r) => perf.once('exit', r));
      console.log(`  perf samples: ${file} (npx tsx bench/perf-summary.ts ${file})`);
    },
  };
}

/** evfleet in its own process, as production starts it, once it says READY; `state` follows what it prints. */
async function startServer(serverEnv: Record<string, string>, allocFile: string) {
  const server = spawn(
    'node',
    [
      ...(process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/ingest-prof'] : []),
      ...(process.env.PERF ? ['--perf-basic-prof'] : []), // names JavaScript frames for perf
      ...SERVER_NODE_FLAGS, // as production runs it
      ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'bench/ingest-server.ts',
    ],
    {
      env: {
        ...process.env,
        TELTONIKA_PORT: '0',
        OSMAND_PORT: '0',
        ...serverEnv,
        DEVICES: String(DEVICES),
        TRACKERS: String(TRACKERS),
        ALLOC_FILE: allocFile,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  /** What evfleet says it has stored (printed every 100 ms): the wait for it need not count the table. */
  const state = { memory: [] as string[], accepted: 0, stored: 0 };
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (SERVER_OUT) appendFileSync(SERVER_OUT, text);
      if (text.includes('READY')) resolve();
      for (const m of text.matchAll(/MEM (\d+) (\d+) QUEUED (\d+) BUSY (\d+) HANDOVER (\d+)/g))
        state.memory.push(`${m[1]}/${m[2]}/${m[3]}/${m[4]}%/${m[5]}`);
      for (const m of text.matchAll(/ACCEPTED (\d+)/g)) state.accepted = Number(m[1]);
      for (const m of text.matchAll(/STORED (\d+)/g)) state.stored = Number(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { server, state };
}

const stopServer = async (server: ReturnType<typeof spawn>) => {
  server.kill('SIGINT');
  await new Promise((r) => server.once('exit', r));
};

/**
 * Each line starts on a database at rest: the rows the lines before it stored vacuumed and analyzed
 * and their pages written, rather than by autovacuum and the checkpointer during its measured
 * seconds, which charged the lines after the first with PostgreSQL's work for the ones before.
 */
const settleDatabase = async () => {
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
};

/** One run: evfleet in its own process, the devices publishing to the broker (or the trackers sending to it). */
async function run({ label, start, port, brokerPid, serverEnv, ceiling, backlog, teltonika }: Line) {
  const allocFile = `/tmp/ingest-alloc/${lineName(label)}.heapprofile`;
  await settleDatabase();
  let { server, state } = await startServer(serverEnv, allocFile);
  const device = (d: number, inFlight: number, until: number, payload: (n: number) => string) =>
    publishDevice({
      port,
      vin: `BENCH${d + 1}`,
      token: 'bench-token',
      topic: readingsTopic(`BENCH${d + 1}`),
      inFlight,
      until,
      payload,
    });
  // Through an external broker, evfleet's subscription must exist before devices publish: probe.
  const initial = await storedCount();
  for (let probe = 1; serverEnv.MQTT_URL && (await storedCount()) === initial; probe++) {
    await device(0, 1, 0, () => JSON.stringify(reading(start - probe, 0)));
    await new Promise((r) => setTimeout(r, 250));
  }
  const before = await storedCount();
  const deadline = Date.now() + (WARMUP + SECONDS) * 1000;
  const publish = async () => {
    const counts = await Promise.all(
      teltonika
        ? Array.from({ length: TRACKERS }, (_, d) => runTracker({ port, imei: benchImei(d + 1), until: deadline }))
        : Array.from({ length: DEVICES }, (_, d) => device(d, IN_FLIGHT, deadline, (n) => message(start + n, n))),
    );
    return counts.reduce((a, b) => a + b, 0);
  };
  let backlogged: number | undefined;
  if (backlog) {
    // evfleet stops (once the probe's acknowledgement is sent); the broker keeps what comes meanwhile
    // for its session, and evfleet, started again, reads it as fast as it can.
    await new Promise((r) => setTimeout(r, 500));
    await stopServer(server);
    backlogged = await publish();
    ({ server, state } = await startServer(serverEnv, allocFile));
  }
  // A server started again counts what it stored from 0.
  const serverBefore = backlog ? 0 : state.stored;
  const snapshot = async () => ({
    at: Date.now(),
    cpu: await cpuOf(server.pid!, brokerPid ?? null),
    threads: threadCpuSeconds(server.pid!),
    io: ioCounts(server.pid!),
    handled: state.stored, // as of the server's last report, at most 100 ms old
  });
  const warm = await snapshot();
  const measuring = new Promise((r) => setTimeout(r, WARMUP * 1000)).then(snapshot);
  // perf follows the threads there are when it starts: the parse thread starts with the first message.
  const perf = process.env.PERF ? measuring.then(() => recordPerf(server.pid!, label)) : null;
  // SIGUSR2 starts the server's allocation sampling (ingest-server.ts), 1 s into the measured seconds.
  const allocations = process.env.ALLOC
    ? measuring.then(async () => {
        await new Promise((r) => setTimeout(r, 1000));
        mkdirSync('/tmp/ingest-alloc', { recursive: true });
        server.kill('SIGUSR2');
        await new Promise((r) => setTimeout(r, 6000)); // 4 s sampled, then written
        console.log(`  allocation samples: ${allocFile} (npx tsx bench/alloc-summary.ts ${allocFile})`);
      })
    : null;
  const acked = backlogged ?? (await publish());
  // Through an external broker, acknowledged means accepted by the broker: wait until evfleet has
  // stored as many (or stops storing for 5 s). count(*) over millions of rows every 100 ms would
  // itself load PostgreSQL, so the table is counted once, after.
  for (let last = -1, still = 0; !ceiling && state.stored - serverBefore < acked && still < 50;) {
    await new Promise((r) => setTimeout(r, 100));
    still = state.stored === last ? still + 1 : 0;
    last = state.stored;
  }
  const end = await snapshot();
  const from = await measuring;
  await (await perf)?.stop();
  await allocations;
  await stopServer(server);
  const stored = (await storedCount()) - before;
  const handled = ceiling ? state.accepted : stored;
  // The measured seconds: from the warm-up's end to the last reading stored (acknowledged, for the ceiling).
  const measured = (ceiling ? state.accepted : end.handled) - from.handled;
  const rate = measured / ((end.at - from.at) / 1000);
  const load = teltonika
    ? `trackers ${TRACKERS}, a packet of ${RECORDS_PER_PACKET} records of ${IO_ELEMENTS} IO elements in flight each`
    : `devices ${DEVICES}, ${IN_FLIGHT} in flight each`;
  console.log(`${label}: ${load}, ${WARMUP} s warm-up, then ${((end.at - from.at) / 1000).toFixed(1)} s measured`);
  console.log(`  acknowledged by the ${teltonika ? 'listener' : 'broker'}: ${acked}`);
  if (ceiling)
    console.log(
      `  parsed and checked        : ${state.accepted}  ${acked === state.accepted ? '(every acknowledged reading)' : 'MISMATCH'}, nothing stored`,
    );
  else
    console.log(
      `  stored                    : ${stored}  ${acked === stored ? '(every acknowledged reading stored)' : 'MISMATCH'}`,
    );
  console.log(
    `  ${ceiling ? 'ceiling' : 'ingestion'}${' '.repeat(ceiling ? 18 : 16)}: ${rate.toFixed(0)} readings/s (${((rate * 58) / 1e6).toFixed(2)} M data points/s)${ceiling ? '' : '  goal >= 20000, floor 10000'}`,
  );
  console.log(`  CPU µs per reading: ${cpuLine(from.cpu, end.cpu, measured)}`);
  console.log(`  evfleet's by thread: ${threadsLine(server.pid!, from.threads, end.threads, measured)}`);
  console.log(`  evfleet's I/O: ${ioLine(from.io, end.io, measured)}`);
  const warmed = from.handled - serverBefore;
  if (WARMUP && warmed > 0)
    console.log(
      `  warm-up: ${warmed} readings, evfleet ${(((from.cpu.evfleet - warm.cpu.evfleet) * 1e6) / warmed).toFixed(1)} µs a reading`,
    );
  console.log(
    `  server RSS MB/heap MB/queued readings/main thread busy/messages a hand-over to the parse thread, 5 s apart: ${state.memory.join(' ')}`,
  );
  // evfleet's CPU a reading, for the Teltonika line's ratio to the embedded line's.
  const evfleetUs = ((end.cpu.evfleet - from.cpu.evfleet) * 1e6) / measured;
  return { label, rate, stored, ok: acked === handled, ceiling, evfleetUs };
}

const hour = 3600_000;
ensureServerBuilt(); // evfleet runs compiled, as in production
const results: Awaited<ReturnType<typeof run>>[] = [];
if (LINES.includes('embedded')) {
  const port = await freePort();
  results.push(
    await run({
      label: "embedded broker (evfleet's listener)",
      start: Date.now() - 3 * hour,
      port,
      serverEnv: { MQTT_PORT: String(port) },
    }),
  );
}
for (const backlog of [false, true]) {
  const name = backlog ? 'backlog' : 'mosquitto';
  if (!LINES.includes(name)) continue;
  if (!HAS_MOSQUITTO) {
    console.log(`Mosquitto not installed: external-broker run (${name}) skipped`);
    continue;
  }
  const broker = await startMosquitto();
  try {
    results.push(
      await run({
        label: backlog
          ? 'backlog: Mosquitto, evfleet consuming what the broker kept while it was stopped'
          : 'Mosquitto, evfleet consuming',
        start: Date.now() - (backlog ? 4 : 2) * hour,
        port: Number(new URL(broker.url).port),
        brokerPid: broker.pid,
        serverEnv: { MQTT_URL: broker.url },
        backlog,
      }),
    );
  } finally {
    await broker.stop();
  }
}
if (LINES.includes('zones')) {
  const port = await freePort();
  results.push(
    await run({
      label: "zones: embedded broker, the vehicles' fleet with 1,000 zones",
      start: Date.now() - 5 * hour,
      port,
      serverEnv: { MQTT_PORT: String(port), BENCH_ZONES: '1000' },
    }),
  );
}
if (LINES.includes('teltonika')) {
  const port = await freePort();
  results.push(
    await run({
      label: "Teltonika trackers (Codec 8E, evfleet's listener)",
      start: Date.now(),
      port,
      serverEnv: { MQTT_PORT: '0', TELTONIKA_PORT: String(port) },
      teltonika: true,
    }),
  );
}
if (LINES.includes('ceiling')) {
  const port = await freePort();
  const line = {
    label: 'ceiling: load generator + embedded broker + sign-in, JSON parse and checks, nothing stored',
    start: Date.now() - hour,
    port,
    serverEnv: { MQTT_PORT: String(port), INGEST_CEILING: '1' },
    ceiling: true,
  };
  results.push(await run(line));
}
const measured = results.filter((r) => !r.ceiling);
const embedded = results.find((r) => lineName(r.label) === 'embedded');
const trackers = results.find((r) => lineName(r.label) === 'teltonika');
const zoned = results.find((r) => lineName(r.label) === 'zones');
if (embedded && zoned)
  console.log(
    `1,000 zones against none, evfleet's CPU a reading: ${zoned.evfleetUs.toFixed(1)} / ${embedded.evfleetUs.toFixed(1)} µs = ${(zoned.evfleetUs / embedded.evfleetUs).toFixed(2)} (goal <= 1.1)`,
  );
if (embedded && trackers)
  console.log(
    `Teltonika against embedded JSON, evfleet's CPU a reading: ${trackers.evfleetUs.toFixed(1)} / ${embedded.evfleetUs.toFixed(1)} µs = ${(trackers.evfleetUs / embedded.evfleetUs).toFixed(2)} (goal <= 1.2)`,
  );

// As many rows as the first run stored, straight into the same table: binary COPY, no checks, no state.
const rows = Math.min(Math.max(0, ...measured.map((r) => r.stored)) || 200_000, 500_000);
await pool.query('truncate can_reading');
const copied = Array.from({ length: rows }, (_, i) => {
  const parsed = parseReading(reading(Date.now() - 2 * hour + i, i), Date.now());
  if (!parsed.ok) throw new Error(parsed.detail);
  return { vehicleId: (i % DEVICES) + 1, reading: parsed.reading };
});
const client = await pool.connect();
const c0 = Date.now();
const copyCpu0 = await cpuOf(0, null);
await pipeline(
  Readable.from(binaryCopyChunks(copied)),
  client.query(copyFrom(`copy can_reading (${COLUMN_LIST}) from stdin (format binary)`)),
);
const copyRate = rows / ((Date.now() - c0) / 1000);
const copyCpu = cpuLine(copyCpu0, await cpuOf(0, null), rows)
  .replace('load generator', 'encoding')
  .replace(' readings/s', ' rows/s');
client.release();
await pool.end();

console.log(`raw binary COPY, same rows: ${copyRate.toFixed(0)} rows/s (CPU µs per row: ${copyCpu})`);
for (const r of results)
  console.log(
    `  ratio to raw COPY, ${r.label.split(':')[0]}: ${(r.rate / copyRate).toFixed(2)}${r.ceiling ? '' : ' (goal >= 0.33)'}`,
  );
if (results.some((r) => !r.ok) || (measured.length && measured.every((r) => r.rate < 10_000))) process.exitCode = 1;
