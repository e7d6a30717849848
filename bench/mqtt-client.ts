/**
 * The MQTT client that reads an external broker: evfleet's own (lib/mqtt-client) against mqtt.js,
 * on the same workload. MESSAGES QoS 1 readings (every signal and 32 cells, 100 devices) wait in
 * a Mosquitto (deploy/mosquitto.conf) for each client's persistent session; each client then reads
 * them and acknowledges each message only after a simulated commit of its batch (500 messages or
 * 20 ms, whichever comes first, then COMMIT_MS), as evfleet's writer does (batch-writer.ts's
 * fullBatch and maxDelayMs). Printed per client:
 * messages/s and the CPU µs per message of the client's process and of Mosquitto.
 *
 * mqtt.js is measured twice: as documented (handleMessage calls back after the commit, which is
 * when mqtt.js sends the PUBACK; it reads the next message only then), for SERIAL_SECONDS; and
 * pipelined, against its grain (handleMessage calls back at once with an error, so mqtt.js sends no
 * PUBACK and reads on, and the PUBACK is written to its socket after the commit): what its parsing
 * and dispatch cost with the round trips out of the way. Goal: 20,000 messages/s for the client
 * evfleet uses. Needs mosquitto; no database.
 */
import mqtt from 'mqtt';
import { startMqttConsumer } from '../packages/server/src/lib/mqtt-client/consumer.js';
import { HAS_MOSQUITTO, startMosquitto } from '../packages/server/test/support/mosquitto.js';
import { cpuSeconds } from './support/cpu-time.js';

const MESSAGES = Number(process.env.MESSAGES ?? 100_000);
const SERIAL_SECONDS = Number(process.env.SERIAL_SECONDS ?? 5);
const BATCH = 500;
const BATCH_MS = 20;
const COMMIT_MS = Number(process.env.COMMIT_MS ?? 20);
const DEVICES = 100;
const TOPIC = 'evfleet/v1/+/readings';
const GOAL = 20_000;

if (!HAS_MOSQUITTO) {
  console.log('Mosquitto not installed: nothing to measure');
  process.exit(1);
}

const cells = Array.from({ length: 32 }, (_, i) => 3.2 + (i % 7) * 0.01);
const payload = (i: number) =>
  JSON.stringify({
    ts: Date.now() - 3600_000 + i,
    batteryCharge: 70 + (i % 20),
    packVoltage: 88.4,
    chargeStatus: 0,
    battery12v: 12.6,
    vehicleCurrent: 42.5,
    speed: 14.2,
    motorRpm: 2100,
    odometer: 12450.3,
    gpsLat: 41.8781,
    gpsLong: -87.6298,
    cells,
  });

/**
 * A writer's batches without the database: a message's promise resolves COMMIT_MS after its batch
 * closes, at BATCH messages or BATCH_MS after the batch's first.
 */
function simulatedCommits() {
  let batch: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  const close = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const committed = batch;
    batch = [];
    setTimeout(() => committed.forEach((resolve) => resolve()), COMMIT_MS);
  };
  return (): Promise<void> =>
    new Promise((resolve) => {
      batch.push(resolve);
      if (batch.length >= BATCH) close();
      else timer ??= setTimeout(close, BATCH_MS);
    });
}

const broker = await startMosquitto();
const sessions = ['ours', 'mqttjs-pipelined', 'mqttjs-serial'];
try {
  // Each client's persistent session subscribes first, so Mosquitto keeps every message for each.
  for (const id of sessions) {
    const c = await mqtt.connectAsync(broker.url, { clientId: id, clean: false, protocolVersion: 4 });
    await c.subscribeAsync(TOPIC, { qos: 1 });
    await c.endAsync();
  }
  const publisher = await mqtt.connectAsync(broker.url, { clientId: 'bench-publisher', protocolVersion: 4 });
  for (let i = 0; i < MESSAGES; i += 1000) {
    const n = Math.min(1000, MESSAGES - i);
    await Promise.all(
      Array.from({ length: n }, (_, k) =>
        publisher.publishAsync(`evfleet/v1/BENCH-${(i + k) % DEVICES}/readings`, payload(i + k), { qos: 1 }),
      ),
    );
  }
  await publisher.endAsync();
  console.log(
    `${MESSAGES} messages queued in Mosquitto for each client; commits of ${BATCH} or ${BATCH_MS} ms + ${COMMIT_MS} ms`,
  );

  /** Runs one client until `expected` messages are committed (or `seconds` pass) and prints its figures. */
  const measure = async (
    label: string,
    start: (commit: () => Promise<void>, committed: () => void) => { stop(): Promise<void> },
    seconds = 600,
  ) => {
    const commit = simulatedCommits();
    let count = 0;
    let resolveAll: () => void = () => undefined;
    const all = new Promise<void>((r) => (resolveAll = r));
    const cpu0 = process.cpuUsage();
    const broker0 = cpuSeconds([broker.pid!]);
    const t0 = performance.now();
    const client = start(commit, () => {
      if (++count === MESSAGES) resolveAll();
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, seconds * 1000)))]);
    clearTimeout(timer);
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const brokerCpu = cpuSeconds([broker.pid!]) - broker0;
    await client.stop();
    const rate = count / elapsed;
    const perMessage = (s: number) => (count ? ((s * 1e6) / count).toFixed(1) : '—');
    console.log(
      `${label.padEnd(48)} ${String(count).padStart(7)} msgs in ${elapsed.toFixed(1).padStart(5)} s: ` +
        `${rate.toFixed(0).padStart(6)} msgs/s, CPU µs/msg client ${perMessage((cpu.user + cpu.system) / 1e6)}, ` +
        `Mosquitto ${perMessage(brokerCpu)}`,
    );
    return rate;
  };

  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const ours = await measure('ours (lib/mqtt-client), PUBACK after commit', (commit, committed) => {
    const c = startMqttConsumer({
      url: broker.url,
      clientId: 'ours',
      topic: TOPIC,
      log: silent,
      handle: (_topic, _payload, settled) =>
        void commit().then(() => {
          committed();
          settled();
        }),
    });
    return { stop: () => c.close() };
  });

  await measure('mqtt.js 5, pipelined, PUBACK after commit', (commit, committed) => {
    const c = mqtt.connect(broker.url, { clientId: 'mqttjs-pipelined', clean: false, protocolVersion: 4 });
    // The PUBACKs a commit releases leave in one write, as ours do.
    let corked = false;
    const puback = (messageId: number) => {
      if (!corked) {
        corked = true;
        c.stream.cork();
        process.nextTick(() => {
          corked = false;
          c.stream.uncork();
        });
      }
      // MQTT 3.1.1 PUBACK: type, length 2, message id.
      c.stream.write(Buffer.from([0x40, 2, messageId >> 8, messageId & 0xff]));
    };
    c.handleMessage = (packet, callback) => {
      const { messageId } = packet as { messageId: number };
      void commit().then(() => {
        committed();
        puback(messageId);
      });
      callback(new Error('acknowledged after the commit'));
    };
    return { stop: () => c.endAsync(true) };
  });

  await measure(
    `mqtt.js 5, as documented (handleMessage), ${SERIAL_SECONDS} s`,
    (commit, committed) => {
      const c = mqtt.connect(broker.url, { clientId: 'mqttjs-serial', clean: false, protocolVersion: 4 });
      c.handleMessage = (_packet, callback) =>
        void commit().then(() => {
          committed();
          callback();
        });
      return { stop: () => c.endAsync(true) };
    },
    SERIAL_SECONDS,
  );

  console.log(`goal: >= ${GOAL} msgs/s for evfleet's client: ${ours >= GOAL ? 'met' : 'missed'}`);
  if (ours < GOAL) process.exitCode = 1;
} finally {
  await broker.stop();
}
