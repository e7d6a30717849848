/**
 * Live feed delay: 10,000 vehicles each report every 10 s (1,000 readings/s) through
 * Mosquitto into evfleet on PostgreSQL; an administrator's STOMP client subscribed to
 * /evts/ws/mapdetails measures, per map item received, the time from its reading's publication to
 * its arrival. Goal: 95th percentile under 1 s. Needs TEST_DATABASE_URL and mosquitto.
 */
import { spawn } from 'node:child_process';
import { readingsTopic } from '@evfleet/domain';
import { Client } from '@stomp/stompjs';
import mqtt from 'mqtt';
import pg from 'pg';
import WebSocket from 'ws';
import { startMosquitto } from '../packages/server/test/support/mosquitto.js';
import { freePort } from '../packages/server/test/support/ports.js';

const VEHICLES = Number(process.env.VEHICLES ?? 10_000);
const PERIOD_S = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const url = process.env.TEST_DATABASE_URL!;

const broker = await startMosquitto();
const port = await freePort();
const pool = new pg.Pool({ connectionString: url });
const env = {
  ...process.env,
  DATABASE_URL: url,
  MQTT_URL: broker.url,
  PORT: String(port),
  HOST: '127.0.0.1',
  TELTONIKA_PORT: '0',
  OSMAND_PORT: '0',
  DEMO: 'false',
  LOG_LEVEL: 'warn',
  INITIAL_ADMIN_PASSWORD: 'bench-admin',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
};
const server = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], { env, stdio: 'inherit' });
const stop = async () => {
  server.kill('SIGKILL');
  await pool.end();
  await broker.stop();
};

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/management/health`).catch(() => null))?.ok) break;
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  await pool.query(
    `insert into vehicle (name, vin) select 'Live ' || i, 'LIVE' || i from generate_series(1, $1::int) i`,
    [VEHICLES],
  );
  const login = await fetch(`http://127.0.0.1:${port}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-admin' }),
  });
  const { id_token } = (await login.json()) as { id_token: string };

  // Readings carry their publication time; the map item's srv_date_time is that reading's time.
  const delays: number[] = [];
  let measuring = false;
  let first = true;
  const client = new Client({
    webSocketFactory: () => new WebSocket(`ws://127.0.0.1:${port}/evts-websocket`),
    connectHeaders: { Authorization: `Bearer ${id_token}` },
    reconnectDelay: 0,
  });
  await new Promise<void>((resolve) => {
    client.onConnect = () => {
      client.subscribe('/evts/ws/mapdetails', (m) => {
        const now = Date.now();
        const items = JSON.parse(m.body) as { srv_date_time: string | null }[];
        if (first) return void (first = false); // the initial list of every vehicle
        if (!measuring) return;
        for (const item of items) if (item.srv_date_time) delays.push(now - Date.parse(item.srv_date_time));
      });
      resolve();
    };
    client.activate();
  });

  const publisher = await mqtt.connectAsync(broker.url, { clientId: 'live-bench-publisher' });
  const perTick = VEHICLES / (PERIOD_S * 10); // every 100 ms, a tenth of a second's share
  let next = 0;
  const tick = setInterval(() => {
    const ts = Date.now();
    for (let i = 0; i < perTick; i++) {
      const vin = `LIVE${(next++ % VEHICLES) + 1}`;
      void publisher.publishAsync(
        readingsTopic(vin),
        JSON.stringify({ ts, gpsLat: 41.8 + Math.random() / 10, gpsLong: -87.6, batteryCharge: 60, speed: 12 }),
        { qos: 1 },
      );
    }
  }, 100);
  await new Promise((r) => setTimeout(r, 15_000)); // warm-up: every vehicle has reported once
  measuring = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  clearInterval(tick);
  await publisher.endAsync();
  await client.deactivate();

  delays.sort((a, b) => a - b);
  const q = (p: number) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))];
  console.log(`${VEHICLES} vehicles every ${PERIOD_S} s for ${SECONDS} s: ${delays.length} map items received`);
  console.log(
    `publish -> browser delay ms: p50 ${q(0.5)}  p95 ${q(0.95)}  p99 ${q(0.99)}  max ${delays.at(-1)}  (goal p95 < 1000)`,
  );
  if (q(0.95) >= 1000) process.exitCode = 1;
} finally {
  await stop();
}
