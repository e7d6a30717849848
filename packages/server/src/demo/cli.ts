/**
 * npm run simulate -- [--vehicles N] [--transport mqtt|http|teltonika|osmand] [--url URL]
 *                     [--interval SECONDS] [--secret SECRET] [--minutes M]
 * Drives the demo vehicles (EVDEMO…) of a running evfleet over MQTT or HTTP with their device
 * tokens, as Teltonika trackers over TCP (every demo vehicle but EV Cart 12, by the IMEIs the demo
 * registers), or as EV Cart 12's phone over OsmAnd. Tokens and the phone's id derive from the
 * server's token secret: JWT_SECRET, or DATA_DIR/jwt-secret of the embedded setup.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readingsTopic } from '@evfleet/domain';
import mqtt from 'mqtt';
import { dataDirOf } from '../config.js';
import { DEMO_VEHICLE_COUNT, demoDeviceToken, demoVin } from './demo-vehicles.js';
import { demoHome } from './demo-depots.js';
import { avlRecordOf, demoImei, demoPhoneId, DEMO_PHONE_VEHICLE } from './demo-trackers.js';
import { sendOsmand, TeltonikaClient } from './tracker-clients.js';
import { advance, createSimVehicle, reading as simReading } from './vehicle-model.js';

/** 'host:port' as the Teltonika transport's --url gives it. */
function hostAndPort(address: string): [string, number] {
  const colon = address.lastIndexOf(':');
  return [address.slice(0, colon), Number(address.slice(colon + 1))];
}

const { values: args } = parseArgs({
  options: {
    vehicles: { type: 'string', default: String(DEMO_VEHICLE_COUNT) },
    transport: { type: 'string', default: 'mqtt' },
    url: { type: 'string' },
    interval: { type: 'string', default: '10' },
    secret: { type: 'string' },
    minutes: { type: 'string', default: '0' },
  },
});

const TRANSPORTS = {
  mqtt: 'mqtt://localhost:1883',
  http: 'http://localhost:8080',
  teltonika: 'localhost:5027',
  osmand: 'http://localhost:5055',
} as const;
type Transport = keyof typeof TRANSPORTS;
if (!(args.transport in TRANSPORTS)) {
  console.error(`--transport must be one of ${Object.keys(TRANSPORTS).join(', ')}`);
  process.exit(2);
}
const transport = args.transport as Transport;
const url = args.url ?? TRANSPORTS[transport];
const intervalS = Number(args.interval);
const count = Math.min(Number(args.vehicles), DEMO_VEHICLE_COUNT);
const secretFile = join(dataDirOf(process.env), 'jwt-secret');
const secret =
  args.secret ??
  process.env.JWT_SECRET ??
  (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined);
if (!secret) {
  console.error(`No token secret: pass --secret, set JWT_SECRET, or run where ${secretFile} exists.`);
  process.exit(2);
}

// A vehicle has one tracker: the phone's vehicle has no Teltonika box, the others no phone.
const driven = (i: number) =>
  transport === 'osmand' ? i === DEMO_PHONE_VEHICLE : transport !== 'teltonika' || i !== DEMO_PHONE_VEHICLE;
const fleet = Array.from({ length: count }, (_, i) => i)
  .filter(driven)
  .map((i) => {
    const vin = demoVin(i);
    const { city, depot } = demoHome(i);
    return {
      vin,
      token: demoDeviceToken(vin, secret),
      sim: createSimVehicle(i, city, [24, 28, 32][i % 3], Date.now(), depot),
      tracker: transport === 'teltonika' ? new TeltonikaClient(...hostAndPort(url), demoImei(i)) : null,
    };
  });

const clients =
  transport === 'mqtt'
    ? await Promise.all(
        fleet.map(async (v) => {
          const client = await mqtt.connectAsync(url, { username: v.vin, password: v.token, reconnectPeriod: 2000 });
          // A dropped connection is reconnected; without a listener its 'error' would end the simulator.
          return client.on('error', () => undefined);
        }),
      )
    : [];

const send = async (i: number, reading: ReturnType<typeof simReading>) => {
  const body = JSON.stringify(reading);
  if (transport === 'teltonika') return void (await fleet[i].tracker!.send([avlRecordOf(reading)]));
  if (transport === 'osmand') return sendOsmand(url, demoPhoneId(secret), reading);
  if (transport === 'mqtt') return void (await clients[i].publishAsync(readingsTopic(fleet[i].vin), body, { qos: 1 }));
  const res = await fetch(`${url}/api/telemetry/readings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${fleet[i].vin}:${fleet[i].token}`).toString('base64')}`,
    },
    body,
  });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
};

let sent = 0;
let failed = 0;
const tick = async () => {
  const now = Date.now();
  await Promise.all(
    fleet.map(async (v, i) => {
      advance(v.sim, Math.max(0, (now - v.sim.clock) / 1000));
      try {
        await send(i, simReading(v.sim, now));
        sent++;
      } catch (err) {
        failed++;
        if (failed < 5) console.error(`${v.vin}: ${(err as Error).message}`);
      }
    }),
  );
  console.log(
    `${new Date(now).toISOString()} ${fleet.length} vehicles over ${transport}: ${sent} readings sent, ${failed} failed`,
  );
};

console.log(`simulating ${fleet.length} vehicles every ${intervalS} s over ${transport} to ${url}`);
await tick();
const timer = setInterval(() => void tick(), intervalS * 1000);
const stop = async () => {
  clearInterval(timer);
  await Promise.all(clients.map((c) => c.endAsync()));
  fleet.forEach((v) => v.tracker?.close());
  process.exit(0);
};
process.once('SIGINT', () => void stop());
if (Number(args.minutes) > 0) setTimeout(() => void stop(), Number(args.minutes) * 60_000);
