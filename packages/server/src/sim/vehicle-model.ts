import type { City } from './cities.js';

/** A small deterministic random source (mulberry32), so a demo vehicle's life is reproducible. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimVehicle {
  rand: () => number;
  city: City;
  cellCount: number;
  lat: number;
  lng: number;
  /** 0 north, 90 east, 180 south, 270 west: the grid's four directions. */
  heading: number;
  speed: number;
  soc: number;
  odometer: number;
  mode: 'driving' | 'parked' | 'charging';
  modeLeftS: number;
  weakCell: number | null;
  fault: 'overheat' | 'low12v' | 'limp' | null;
  faultLeftS: number;
  daysNotCharged: number;
  sinceBlockM: number;
}

const MILES_PER_DEG_LAT = 69;
const BLOCK_M = 160; // a city block
const CAPACITY_MILES = 60; // a full pack, utility-vehicle scale

export function createSimVehicle(seed: number, city: City, cellCount: number): SimVehicle {
  const rand = random(seed);
  return {
    rand,
    city,
    cellCount,
    lat: city.lat + (rand() - 0.5) * 0.04,
    lng: city.lng + (rand() - 0.5) * 0.05,
    heading: [0, 90, 180, 270][Math.floor(rand() * 4)],
    speed: 0,
    soc: 50 + rand() * 45,
    odometer: 1000 + rand() * 9000,
    mode: 'parked',
    modeLeftS: rand() * 600,
    weakCell: rand() < 0.15 ? Math.floor(rand() * cellCount) : null,
    fault: null,
    faultLeftS: 0,
    daysNotCharged: 0,
    sinceBlockM: 0,
  };
}

/** Advances the vehicle by dt seconds: drive the grid, park, charge when low, now and then a fault. */
export function advance(v: SimVehicle, dt: number): void {
  v.modeLeftS -= dt;
  if (v.modeLeftS <= 0) {
    if (v.mode === 'driving') {
      v.mode = v.soc < 25 ? 'charging' : 'parked';
      v.modeLeftS = v.mode === 'charging' ? 3600 * (1 + v.rand() * 2) : 300 + v.rand() * 1800;
    } else {
      v.mode = 'driving';
      v.modeLeftS = 600 + v.rand() * 2400;
    }
  }
  if (v.fault) {
    v.faultLeftS -= dt;
    if (v.faultLeftS <= 0) v.fault = null;
  } else if (v.rand() < dt / (3 * 24 * 3600)) {
    // About one fault in three days of a vehicle's life.
    v.fault = (['overheat', 'low12v', 'limp'] as const)[Math.floor(v.rand() * 3)];
    v.faultLeftS = 600 + v.rand() * 1800;
  }

  if (v.mode === 'driving') {
    const cap = v.fault === 'limp' ? 6 : 22;
    v.speed = Math.max(4, Math.min(cap, v.speed + (v.rand() - 0.45) * 6));
    const miles = (v.speed * dt) / 3600;
    move(v, miles);
    v.odometer += miles;
    v.soc = Math.max(3, v.soc - (miles / CAPACITY_MILES) * 100);
  } else {
    v.speed = 0;
    if (v.mode === 'charging') {
      v.soc = Math.min(100, v.soc + (dt / 3600) * 30);
      v.daysNotCharged = 0;
    } else v.daysNotCharged += dt / 86_400;
  }
}

function move(v: SimVehicle, miles: number) {
  const meters = miles * 1609.34;
  v.sinceBlockM += meters;
  const rad = (v.heading * Math.PI) / 180;
  const dLat = (Math.cos(rad) * miles) / MILES_PER_DEG_LAT;
  const dLng = (Math.sin(rad) * miles) / (MILES_PER_DEG_LAT * Math.cos((v.lat * Math.PI) / 180));
  v.lat += dLat;
  v.lng += dLng;
  // At each intersection turn now and then, and head back when straying from the depot.
  if (v.sinceBlockM >= BLOCK_M) {
    v.sinceBlockM = 0;
    const far = Math.abs(v.lat - v.city.lat) > 0.03 || Math.abs(v.lng - v.city.lng) > 0.04;
    if (far)
      v.heading =
        Math.abs(v.lat - v.city.lat) > Math.abs(v.lng - v.city.lng)
          ? v.lat > v.city.lat
            ? 180
            : 0
          : v.lng > v.city.lng
            ? 270
            : 90;
    else if (v.rand() < 0.3) v.heading = (v.heading + (v.rand() < 0.5 ? 90 : 270)) % 360;
  }
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** The reading the vehicle's device would send now (docs/telemetry-protocol.md). */
export function reading(v: SimVehicle, ts: number) {
  const charging = v.mode === 'charging';
  const cellBase = 3.0 + (v.soc / 100) * 0.65;
  const cells = Array.from({ length: v.cellCount }, (_, i) =>
    round(cellBase + (v.rand() - 0.5) * 0.03 - (i === v.weakCell ? 0.35 : 0), 3),
  );
  const current = charging ? -(18 + v.rand() * 6) : v.speed > 0 ? 40 + v.speed * 6 + v.rand() * 20 : 1 + v.rand();
  const hot = v.fault === 'overheat';
  return {
    ts,
    batteryCharge: round(v.soc, 1),
    packVoltage: round(cells.reduce((a, b) => a + b, 0) * (96 / v.cellCount) * 0.27, 1),
    chargeStatus: charging ? 1 : 0,
    battery12v: round(v.fault === 'low12v' ? 10.1 + v.rand() * 0.3 : 12.4 + v.rand() * 0.8),
    vehicleCurrent: round(current, 1),
    limpMode: v.fault === 'limp' ? 1 : 0,
    gear: v.speed > 0 ? 1 : 4,
    speed: round(v.speed, 1),
    motorRpm: Math.round(v.speed * 95),
    controllerTemp: round((hot ? 175 : 90) + v.speed + v.rand() * 5, 1),
    motorTemp: round((hot ? 190 : 100) + v.speed * 1.5 + v.rand() * 5, 1),
    odometer: round(v.odometer, 1),
    daysNotCharged: Math.floor(v.daysNotCharged),
    gpsLat: round(v.lat, 6),
    gpsLong: round(v.lng, 6),
    gpsSignal: v.rand() < 0.05 ? 4 : 2 + Math.floor(v.rand() * 2),
    lteSignal: 2 + Math.floor(v.rand() * 4),
    milesToEmpty: round((v.soc / 100) * CAPACITY_MILES, 1),
    cabinTemp: round(68 + v.rand() * 8, 1),
    brakePressure: round(v.speed > 0 ? v.rand() * 20 : 0, 1),
    motorCurrent: round(Math.max(0, current), 1),
    throttle: round(v.speed > 0 ? 20 + v.rand() * 40 : 0),
    heading: v.heading,
    cellPackTemp: round((hot ? 150 : 75) + v.rand() * 10, 1),
    cells,
  };
}
