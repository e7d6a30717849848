import { DEFAULT_THRESHOLDS, imeiOf } from '@evfleet/domain';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { seedReferenceData } from '../../src/db/seed.js';
import { seedDemoAccounts } from '../../src/demo/demo-accounts.js';
import { openBrowserLiveFeed } from '../support/browser-live-feed.js';
import { startHaproxy } from '../support/haproxy.js';
import { startPortalProcess, stopProcess, type PortalProcess } from '../support/portal-process.js';
import { startPostgresWithReplica } from '../support/postgres-replica.js';
import { startRabbitCluster, type RabbitCluster } from '../support/rabbitmq.js';
import { startSmtp } from '../support/smtp.js';
import { freePort } from '../support/ports.js';
import type { AvlRecord } from '../../src/telemetry/teltonika/codec.js';
import { TeltonikaClient } from '../../src/demo/tracker-clients.js';
import { createTestApp } from '../support/test-app.js';

/**
 * evfleet on the engines it scales out on (docs/scaling.md): a three-node RabbitMQ cluster, two
 * instances behind HAProxy, PostgreSQL with a streaming replica. 1,000 vehicles report: most
 * publish MQTT to the cluster, one in twenty is a Teltonika tracker connected through HAProxy's
 * TCP frontend to either instance. One instance and one broker node are killed (SIGKILL) mid-run.
 * What reached the database must be what one instance alone makes of the same readings.
 */
const VEHICLES = 1000;
const PER_PHASE = 10;
/** Two readings to warm up, then three measured phases. */
const TOTAL = 2 + 3 * PER_PHASE;
const phase = (n: number) => Array.from({ length: PER_PHASE }, (_, i) => 2 + (n - 1) * PER_PHASE + i);
const MIN = 60_000;
const T0 = Math.floor(Date.now() / MIN) * MIN - 4 * 60 * MIN;
const SECRET = 'scale-secret-scale-secret-scale-secret-0123456789';
const vinOf = (v: number) => `SCALE${String(v).padStart(6, '0')}`;
/** A tracker vehicle's IMEI: its number and the Luhn check digit. */
const imeiOfVehicle = (v: number) => imeiOf(`35000000${String(v).padStart(6, '0')}`);
const moving = (k: number) => k < 10 || k >= 20;
/** One vehicle in twenty reports through a Teltonika tracker instead of MQTT. */
const isTracker = (v: number) => v % 20 === 7;
const TRACKERS = Array.from({ length: VEHICLES }, (_, v) => v).filter(isTracker);

/**
 * Reading k (a minute apart) of vehicle v: a drive, a stop of ten minutes, a drive. Every third
 * vehicle's motor current is SEVERE from minute 13 to 19, while the kills happen: one episode
 * entered, then recovered.
 */
const readingOf = (v: number, k: number) => {
  let miles = 0;
  for (let j = 0; j < k; j++) if (moving(j)) miles += 1 / 3;
  return {
    ts: T0 + k * MIN,
    speed: moving(k) ? 20 : 0,
    odometer: 1000 + v + Math.round(miles * 1000) / 1000,
    batteryCharge: 55 - k * 0.5,
    packVoltage: 85,
    vehicleCurrent: moving(k) ? 40 : 0,
    motorCurrent: v % 3 === 0 && k >= 13 && k < 20 ? 320 : 50,
    gpsLat: 41 + v / 10_000,
    gpsLong: -87.6 - k / 1000,
  };
};

/** The vehicles, with motor current alerts after 2 minutes, by mail to each vehicle's address. */
async function seedVehicles(database: Database) {
  const attributes = DEFAULT_THRESHOLDS.map((a) =>
    a.name === 'motorCurrent' ? { ...a, minutesBackward: 2, notificationFrequencyHour: 10 } : a,
  );
  await database.db.execute(sql`
    insert into vehicle (name, vin, status, attributes, email_notification, notification_email)
    select 'Scale Cart ' || i, 'SCALE' || lpad(i::text, 6, '0'), true, ${JSON.stringify(attributes)}::jsonb, true, 'cart' || i || '@fleet.test'
    from generate_series(0, ${VEHICLES - 1}) i`);
}

/**
 * The trackers' profile: Manual CAN elements carrying each signal of readingOf exactly (tenths,
 * thousandths), so what they store is what the MQTT vehicles' JSON stores.
 */
const TRACKER_ELEMENTS = [
  { io: 12001, signal: 'speed', scale: 0.1, bytes: 2 },
  { io: 12002, signal: 'odometer', scale: 0.001, bytes: 4 },
  { io: 12003, signal: 'batteryCharge', scale: 0.1, bytes: 2 },
  { io: 12004, signal: 'packVoltage', scale: 0.1, bytes: 2 },
  { io: 12005, signal: 'vehicleCurrent', scale: 0.1, bytes: 2 },
  { io: 12006, signal: 'motorCurrent', scale: 0.1, bytes: 2 },
] as const;

async function seedTrackers(database: Database) {
  const mappings = TRACKER_ELEMENTS.map(({ io, signal, scale }) => ({ io, signal, scale, offset: 0, signed: false }));
  const [{ id }] = (
    await database.db.execute<{ id: number }>(sql`
      insert into device_profile (name, protocol, mappings) values ('Scale carts', 'teltonika', ${JSON.stringify(mappings)}::jsonb)
      returning id`)
  ).rows;
  for (const v of TRACKERS)
    await database.db.execute(sql`
      insert into vehicle_tracker (vehicle_id, protocol, identifier, profile_id)
      select id, 'teltonika', ${imeiOfVehicle(v)}, ${id} from vehicle where vin = ${vinOf(v)}`);
}

/** Reading k of a tracker vehicle as its AVL record. */
const recordOf = (v: number, k: number): AvlRecord => {
  const r = readingOf(v, k);
  return {
    timestamp: r.ts,
    priority: 0,
    latitude: r.gpsLat,
    longitude: r.gpsLong,
    altitude: 0,
    angle: 0,
    satellites: 8,
    speed: 0,
    eventIoId: 0,
    io: TRACKER_ELEMENTS.map(({ io, signal, scale, bytes }) => {
      const raw = Math.round(r[signal] / scale);
      return { id: io, length: bytes, value: raw, signedValue: raw };
    }),
  };
};

/**
 * The trackers, each a TCP connection through the balancer sending one reading a packet and
 * waiting for its answer; a connection lost (its instance killed) is opened again, to whichever
 * instance the balancer gives, and the unanswered packet sent again.
 */
function startTrackerDevices(port: number) {
  const clients = new Map(TRACKERS.map((v) => [v, new TeltonikaClient('127.0.0.1', port, imeiOfVehicle(v))]));
  const acked = new Set<string>();
  const publish = (ks: number[]) =>
    Promise.all(
      TRACKERS.map(async (v) => {
        for (const k of ks)
          for (;;) {
            const count = await clients
              .get(v)!
              .send([recordOf(v, k)])
              .catch(() => 0);
            if (count === 1) {
              acked.add(`${v}:${k}`);
              break;
            }
            await new Promise((r) => setTimeout(r, 200));
          }
      }),
    );
  return { acked, publish, close: () => clients.forEach((c) => c.close()) };
}

/** MQTT publishers over the cluster's nodes: each reading is sent until the broker acknowledges it. */
function startPublishers(ports: number[], clients = 8) {
  const connections: MqttClient[] = [];
  for (let c = 0; c < clients; c++) {
    const servers = ports.map((_, i) => ({ host: '127.0.0.1', port: ports[(c + i) % ports.length] }));
    const client = mqtt.connect({
      servers,
      clientId: `scale-publisher-${c}`,
      reconnectPeriod: 200,
      connectTimeout: 2000,
    });
    // A killed node resets its connections (ECONNRESET when it had unread data); the client
    // reconnects to another, and an 'error' without a listener would be an uncaught exception.
    connections.push(client.on('error', () => undefined));
  }
  const acked = new Set<string>();
  const sendOnce = (client: MqttClient, topic: string, payload: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no PUBACK')), 5000);
      client.publish(topic, payload, { qos: 1 }, (err) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      });
    });
  /** Readings k of every vehicle, k ascending; at most `window` unacknowledged per client. */
  const publish = async (ks: number[], onProgress?: (sent: number) => void, window = 100) => {
    let sent = 0;
    await Promise.all(
      connections.map(async (client, c) => {
        const inFlight = new Set<Promise<void>>();
        for (const k of ks)
          for (let v = c; v < VEHICLES; v += clients) {
            if (isTracker(v)) continue;
            // One vehicle's readings are 125 sends apart, more than the window: the one before is
            // acknowledged before the next leaves, so a vehicle's readings reach the broker in order.
            while (inFlight.size >= window) await Promise.race(inFlight);
            const p = (async () => {
              for (;;) {
                try {
                  await sendOnce(client, `evfleet/v1/${vinOf(v)}/readings`, JSON.stringify(readingOf(v, k)));
                  acked.add(`${v}:${k}`);
                  return;
                } catch {
                  await new Promise((r) => setTimeout(r, 200));
                }
              }
            })().finally(() => {
              inFlight.delete(p);
              onProgress?.(++sent);
            });
            inFlight.add(p);
          }
        await Promise.all(inFlight);
      }),
    );
  };
  return { acked, publish, close: () => Promise.all(connections.map((c) => c.endAsync())) };
}

/** CPU seconds (user and system) the processes have used so far. */
const cpuSeconds = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum; // ended
    }
  }, 0);
const postgresPids = () =>
  spawnSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 120_000) => {
  for (const end = Date.now() + ms; !(await check());) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('many instances on RabbitMQ, PostgreSQL with a replica, behind HAProxy', () => {
  let pgPair: Awaited<ReturnType<typeof startPostgresWithReplica>>;
  let rabbit: RabbitCluster;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: Database;
  let instances: PortalProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startHaproxy>>;
  let publishers: ReturnType<typeof startPublishers>;
  let trackers: ReturnType<typeof startTrackerDevices>;
  let live: Awaited<ReturnType<typeof openBrowserLiveFeed>> | undefined;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    pgPair = await startPostgresWithReplica();
    rabbit = await startRabbitCluster(3);
    smtp = await startSmtp();
    database = await openDatabase({ kind: 'postgres', url: pgPair.primaryUrl }, 5);
    await seedReferenceData(database.db);
    await seedDemoAccounts(database.db);
    await seedVehicles(database);
    await seedTrackers(database);
    const urls = rabbit.amqpUrls;
    const trackerPorts = [await freePort(), await freePort()];
    instances = await Promise.all(
      [1, 2].map((i) =>
        startPortalProcess(
          {
            DATABASE_URL: pgPair.primaryUrl,
            DATABASE_READ_URL: pgPair.replicaUrl,
            // Each instance starts on its own node and goes on with the others.
            AMQP_URLS: [...urls.slice(i - 1), ...urls.slice(0, i - 1)].join(','),
            AMQP_PREFER: `${i}/2`,
            MQTT_PORT: '0',
            TELTONIKA_PORT: String(trackerPorts[i - 1]),
            OSMAND_PORT: '0',
            SMTP_URL: smtp.url,
            JWT_SECRET: SECRET,
            DEMO: 'false',
            LOG_LEVEL: 'warn',
          },
          `/tmp/evfleet-scale-instance-${i}.log`,
        ),
      ),
    );
    balancer = await startHaproxy(
      instances.map((p) => p.baseUrl),
      trackerPorts.map((port) => `127.0.0.1:${port}`),
    );
    publishers = startPublishers(rabbit.nodes.map((n) => n.mqttPort));
    trackers = startTrackerDevices(balancer.tcpPort);
  }, 240_000);

  afterAll(async () => {
    await live?.close();
    await publishers?.close().catch(() => undefined);
    trackers?.close();
    await Promise.all(instances.map((p) => stopProcess(p.server)));
    balancer?.stop();
    await database?.close();
    rabbit?.stop();
    await smtp?.close();
    pgPair?.stop();
    console.log('scale figures', JSON.stringify(figures));
  });

  const stored = async () =>
    (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from can_reading`)).rows[0].n;
  /** The instance's broker connection, and how many partitions it holds (has had messages from). */
  const brokerOf = async (p: PortalProcess, bearer: string) => {
    const res = await fetch(`${p.baseUrl}/management/health`, { headers: { authorization: bearer } });
    const body = (await res.json()) as {
      components?: { broker?: { status: string; details?: { partitions?: number } } };
    };
    return { up: body.components?.broker?.status === 'UP', partitions: body.components?.broker?.details?.partitions };
  };

  it('stores every acknowledged reading once through an instance and a broker node killed, as one instance would', async () => {
    const signIn = await fetch(`${balancer.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@evfleet.local', password: 'admin123' }),
    });
    const bearer = `Bearer ${((await signIn.json()) as { id_token: string }).id_token}`;
    const [first, survivor] = instances;
    await until('both instances consuming', async () =>
      (await Promise.all(instances.map((p) => brokerOf(p, bearer)))).every((b) => b.up),
    );

    // The survivor's live feed, in a browser.
    live = await openBrowserLiveFeed(survivor.baseUrl, bearer);

    const testStart = Date.now();
    const mark = (name: string) => (figures[name] = Math.round((Date.now() - testStart) / 100) / 10);
    // Every vehicle once, so that what an instance does the first time it meets one (its takeover) is not measured.
    await Promise.all([publishers.publish([0, 1]), trackers.publish([0, 1])]);
    await until('the first readings stored', async () => (await stored()) >= 2 * VEHICLES);
    mark('warmedUpAt');

    /** Where the CPU went while a phase's readings were stored: µs per reading, by engine. */
    const measured = async (name: string, run: () => Promise<void>) => {
      const evfleet = instances.map((p) => p.server.pid!);
      const cpu = () => [cpuSeconds(evfleet), cpuSeconds(rabbit.pids()), cpuSeconds(postgresPids())];
      const [before, started] = [cpu(), Date.now()];
      await run();
      const [after, seconds] = [cpu(), (Date.now() - started) / 1000];
      const perReading = (i: number) => Math.round(((after[i] - before[i]) * 1e6) / (VEHICLES * PER_PHASE));
      figures[`${name}ReadingsPerSecond`] = Math.round((VEHICLES * PER_PHASE) / seconds);
      figures[`${name}CpuMicrosPerReadingEvfleet`] = perReading(0);
      figures[`${name}CpuMicrosPerReadingRabbitmq`] = perReading(1);
      figures[`${name}CpuMicrosPerReadingPostgres`] = perReading(2);
    };

    // Two instances, three broker nodes.
    await measured('twoInstances', async () => {
      await Promise.all([publishers.publish(phase(1)), trackers.publish(phase(1))]);
      await until('phase 1 stored', async () => (await stored()) >= 2 * VEHICLES + VEHICLES * PER_PHASE);
    });
    figures.partitionsOfFirst = (await brokerOf(first, bearer)).partitions ?? 0;

    // While readings stream: an instance killed at a quarter, the broker node the survivor reads from at 60 %.
    let killedAt = 0;
    let failover: Promise<unknown> = Promise.resolve();
    let brokerKilled = false;
    const trackerPhase2 = trackers.publish(phase(2));
    await publishers.publish(phase(2), (sent) => {
      if (!killedAt && sent >= (VEHICLES * PER_PHASE) / 4) {
        killedAt = Date.now();
        first.server.kill('SIGKILL');
        failover = until(
          'the survivor holding every partition',
          async () => (await brokerOf(survivor, bearer)).partitions === 16,
        ).then(() => (figures.failoverSeconds = (Date.now() - killedAt) / 1000));
      }
      if (!brokerKilled && sent >= (VEHICLES * PER_PHASE * 3) / 5) {
        brokerKilled = true;
        rabbit.kill(1);
      }
    });
    await trackerPhase2;
    await until('phase 2 stored', async () => (await stored()) >= 2 * VEHICLES + 2 * VEHICLES * PER_PHASE);
    mark('killsOverAt');
    await failover;
    const afterKills = Date.now();

    // One instance, two broker nodes.
    await measured('oneInstance', async () => {
      await Promise.all([publishers.publish(phase(3)), trackers.publish(phase(3))]);
      await until('phase 3 stored', async () => (await stored()) >= TOTAL * VEHICLES);
    });
    expect(trackers.acked.size).toBe(TOTAL * TRACKERS.length);
    expect(publishers.acked.size + trackers.acked.size).toBe(TOTAL * VEHICLES);

    // Every acknowledged reading stored exactly once.
    const counts = (
      await database.db.execute<{ n: number; distinct_n: number }>(
        sql`select count(*)::int as n, count(distinct (vehicle_id, ts))::int as distinct_n from can_reading`,
      )
    ).rows[0];
    expect(counts).toEqual({ n: TOTAL * VEHICLES, distinct_n: TOTAL * VEHICLES });

    // The live feed on the survivor went on for every vehicle.
    await until(
      'every vehicle on the live feed after the kills',
      async () => (await live!.vehiclesSince(afterKills)) === VEHICLES,
      30_000,
    );
    await live.close();
    live = undefined;

    // A report export, read from the replica, through the balancer.
    const [{ id }] = (await database.db.execute<{ id: number }>(sql`select id from vehicle where vin = ${vinOf(7)}`))
      .rows;
    const exported = await fetch(`${balancer.url}/api/canreport/downloadExcel`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body: JSON.stringify({
        vehiclesIds: [id],
        columns: ['speed', 'motorCurrent'],
        startDate: new Date(T0).toISOString(),
        endDate: new Date(T0 + TOTAL * MIN).toISOString(),
        vin: vinOf(7),
      }),
    });
    if (exported.status !== 200)
      console.log(
        await exported.text(),
        await (await fetch(`${survivor.baseUrl}/management/health`, { headers: { authorization: bearer } })).text(),
      );
    expect(exported.status).toBe(200);
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const health = (await (
      await fetch(`${survivor.baseUrl}/management/health`, { headers: { authorization: bearer } })
    ).json()) as { components: { replica?: { status: string; details: { streaming: boolean } } } };
    expect(health.components.replica).toMatchObject({ status: 'UP', details: { streaming: true } });

    // A clean stop writes the survivor's last states; then the mails have all left.
    await until('the alert mails sent', async () => {
      const pending = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where sent_at is null`,
      );
      return pending.rows[0].n === 0;
    }).catch(async (err) => {
      console.log(
        (
          await database.db.execute(
            sql`select count(*)::int, attempts, left(last_error, 200) as e, min(next_attempt_at) as next, now() from mail_outbox where sent_at is null group by 2, 3`,
          )
        ).rows,
        smtp.received.length,
      );
      throw err;
    });
    mark('mailsSentAt');
    await stopProcess(survivor.server);
    const outbox = (
      await database.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where kind = 'alert'`)
    ).rows[0].n;
    // Once each: an instance killed after the SMTP server took a mail, before marking it sent,
    // leaves it to be sent again, under the same Message-ID (mail servers drop such copies).
    const ids = smtp.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
    const distinct = new Set(ids);
    figures.mailCopiesResent = ids.length - distinct.size;
    expect(outbox).toBe(2 * Math.ceil(VEHICLES / 3));
    expect(distinct.size).toBe(outbox);
    expect(ids.length - distinct.size).toBeLessThanOrEqual(1);

    // The same readings through one instance alone give the same trips and alert transitions.
    const single = await createTestApp('pglite');
    try {
      await seedVehicles(single.database);
      const ids = new Map(
        (await single.database.db.execute<{ id: number; vin: string }>(sql`select id, vin from vehicle`)).rows.map(
          (r) => [r.vin, r.id],
        ),
      );
      // Each vehicle's readings in one message, in order; the vehicles side by side, as devices send.
      await Promise.all(
        Array.from({ length: VEHICLES }, (_, v) =>
          single.app.telemetry.ingest.readings(
            'http',
            ids.get(vinOf(v))!,
            JSON.stringify(Array.from({ length: TOTAL }, (_, k) => readingOf(v, k))),
          ),
        ),
      );
      await single.app.telemetry.settle();
      const outcome = async (db: Database['db']) => ({
        trips: (
          await db.execute(sql`
              select v.vin, t.start_ts, t.end_ts, round(t.end_odometer::numeric, 3) as end_odometer
              from trip t join vehicle v on v.id = t.vehicle_id order by v.vin, t.start_ts`)
        ).rows,
        alerts: (
          await db.execute(sql`
              select v.vin, w.type, w.attribute_name, w.date, w.episode_since
              from warning_log w join vehicle v on v.id = w.vehicle_id order by v.vin, w.date, w.type`)
        ).rows,
      });
      mark('singleRunAt');
      const expected = await outcome(single.database.db);
      expect(expected.trips).toHaveLength(2 * VEHICLES);
      expect(expected.alerts).toHaveLength(2 * Math.ceil(VEHICLES / 3));
      const got = await outcome(database.db);
      expect(got.trips).toEqual(expected.trips);
      expect(got.alerts).toEqual(expected.alerts);
    } finally {
      await single.close();
    }
  }, 540_000);
});
