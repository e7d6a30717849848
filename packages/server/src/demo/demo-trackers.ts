import { createHash } from 'node:crypto';
import { imeiOf, MAX_CELLS, type IoMapping } from '@evfleet/domain';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { demoVin, DEMO_VEHICLE_COUNT } from './demo-vehicles.js';
import { vehicle } from '../db/schema.js';
import { deviceProfile, vehicleTracker } from '../db/tracker-schema.js';
import type { AvlRecord, IoElement } from '../telemetry/teltonika/codec.js';

/**
 * The demo's trackers (docs/devices.md): every demo vehicle carries a Teltonika box read through a
 * "Manual CAN" profile of its own, except EV Cart 12, whose only tracker is its driver's phone
 * (Traccar Client). A few report live through the real listeners, so `npm start` exercises them;
 * `npm run simulate -- --transport teltonika|osmand` drives them all from outside.
 */
export const DEMO_PHONE_VEHICLE = 11;
/** The demo vehicles whose live readings go over TCP to the Teltonika listener (the Campus Shuttle's). */
export const DEMO_LIVE_TELTONIKA = [12, 13, 14];

/** A mapping with the raw value's size, which a device's configuration decides and a profile does not say. */
type DemoElement = IoMapping & { bytes: 1 | 2 | 4 };
const element = (io: number, signal: string, bytes: 1 | 2 | 4, scale = 1, signed = false, offset = 0): DemoElement => ({
  io,
  signal,
  bytes,
  scale,
  offset,
  signed,
  source: io < 1000 ? 'Teltonika FMB AVL ID list' : 'Manual CAN, as the demo carts are configured',
});
const M_PER_MI = 1609.344;

/**
 * What the demo carts' trackers send: Teltonika's standard elements where one exists (external
 * voltage, odometer, GSM signal), the rest as Manual CAN elements in the units a controller
 * reports (tenths, millivolts).
 */
const DEMO_ELEMENTS: DemoElement[] = [
  element(66, 'battery12v', 2, 0.001),
  element(16, 'odometer', 4, 1 / M_PER_MI),
  element(21, 'lteSignal', 1),
  element(11001, 'batteryCharge', 2, 0.1),
  element(11002, 'packVoltage', 2, 0.1),
  element(11003, 'chargeStatus', 1),
  element(11004, 'vehicleCurrent', 2, 0.1, true),
  element(11005, 'limpMode', 1),
  element(11006, 'gear', 1),
  element(11007, 'speed', 2, 0.1),
  element(11008, 'motorRpm', 2, 1, true),
  element(11009, 'controllerTemp', 2, 0.1, true),
  element(11010, 'motorTemp', 2, 0.1, true),
  element(11011, 'daysNotCharged', 2),
  element(11012, 'gpsSignal', 1),
  element(11013, 'milesToEmpty', 2, 0.1),
  element(11014, 'cabinTemp', 2, 0.1, true),
  element(11015, 'brakePressure', 2, 0.1),
  element(11016, 'motorCurrent', 2, 0.1, true),
  element(11017, 'throttle', 1),
  element(11018, 'cellPackTemp', 2, 0.1, true),
  ...Array.from({ length: MAX_CELLS }, (_, i) => element(11101 + i, `cell${i + 1}`, 2, 0.001)),
];
export const DEMO_CAN_PROFILE = {
  name: 'Demo carts (Manual CAN)',
  mappings: DEMO_ELEMENTS.map(({ bytes: _bytes, ...mapping }) => mapping),
};

/** A demo vehicle's IMEI: fixed digits, its number, and the Luhn check digit. */
export const demoImei = (index: number): string => imeiOf(`35209408${String(index + 1).padStart(6, '0')}`);

/** The demo phone's id, derived from the token secret like the demo's device tokens: long and unguessable. */
export const demoPhoneId = (secret: string) =>
  createHash('sha256')
    .update(`${secret}:phone:${demoVin(DEMO_PHONE_VEHICLE)}`)
    .digest('base64url')
    .slice(0, 20);

/** Registers the demo's trackers on a demo database without any, with the demo carts' profile. */
export async function seedDemoTrackers(db: Db, secret: string) {
  const demo = await db.select({ id: vehicle.id, vin: vehicle.vin }).from(vehicle).where(like(vehicle.vin, 'EVDEMO%'));
  const existing = await db.select({ id: vehicleTracker.vehicleId }).from(vehicleTracker).limit(1);
  if (existing.length > 0 || demo.length === 0) return;
  const [profile] = await db
    .insert(deviceProfile)
    .values({ ...DEMO_CAN_PROFILE, protocol: 'teltonika' })
    .returning({ id: deviceProfile.id });
  const byVin = new Map(demo.map((v) => [v.vin, v.id]));
  const rows = Array.from({ length: DEMO_VEHICLE_COUNT }, (_, i) => ({ i, id: byVin.get(demoVin(i)) })).flatMap(
    ({ i, id }) =>
      id === undefined
        ? []
        : [
            i === DEMO_PHONE_VEHICLE
              ? { vehicleId: id, protocol: 'osmand', identifier: demoPhoneId(secret), profileId: null }
              : { vehicleId: id, protocol: 'teltonika', identifier: demoImei(i), profileId: profile.id },
          ],
  );
  await db.insert(vehicleTracker).values(rows);
}

/** A simulated reading (demo/vehicle-model.ts) as the AVL record a demo cart's tracker sends. */
export function avlRecordOf(reading: Record<string, unknown>): AvlRecord {
  const io: IoElement[] = [];
  const cells = Array.isArray(reading.cells) ? (reading.cells as number[]) : [];
  for (const e of DEMO_ELEMENTS) {
    const cell = /^cell(\d+)$/.exec(e.signal);
    const value = cell ? cells[Number(cell[1]) - 1] : reading[e.signal];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const raw = Math.round((value - e.offset) / e.scale);
    io.push({ id: e.io, length: e.bytes, value: raw, signedValue: raw });
  }
  const speedMph = typeof reading.speed === 'number' ? reading.speed : 0;
  return {
    timestamp: reading.ts as number,
    priority: 0,
    latitude: reading.gpsLat as number,
    longitude: reading.gpsLong as number,
    altitude: 180,
    angle: Math.round((reading.heading as number | undefined) ?? 0),
    satellites: 9,
    speed: Math.round(speedMph * 1.609344),
    eventIoId: 0,
    io,
  };
}
