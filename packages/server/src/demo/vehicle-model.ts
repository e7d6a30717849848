import type { City } from './cities.js';
import { demoPack, type DemoPack } from './demo-packs.js';
import { measurePack, packKwh, type PackReading } from './pack.js';
import { driveHome, milesHome, wander, type Mover, type Place } from './streets.js';
import { planDay, startOfDay, type DayPlan } from './work-day.js';

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

type Mode = 'depot' | 'driving' | 'stopped' | 'charging';

export interface SimVehicle extends Mover {
  city: City;
  pack: DemoPack;
  /** What the pack holds now: rated × health. */
  capacityKwh: number;
  cellOffsets: number[];
  /** Epoch ms of the vehicle's present. */
  clock: number;
  utcOffsetMs: number;
  day: DayPlan;
  mode: Mode;
  /** Stopped: until when. Driving: when this leg ends. At the depot: when it may plug in. */
  until: number;
  homeward: boolean;
  /** The last interval of a leg, slowing to a stop: the next decision parks or plugs in. */
  pullingIn: boolean;
  charge: { away: boolean; kw: number; target: number };
  /** This leg's load (passengers, cargo, wind): a factor on the pack's Wh/mi. */
  load: number;
  /** The speed this leg's streets allow, mph. */
  pace: number;
  speed: number;
  soc: number;
  odometer: number;
  /** The sensors' reading now, held over the next interval: what it reports is what the charge integrates. */
  sensors: PackReading;
  fault: 'overheat' | 'low12v' | 'limp' | null;
  faultLeftS: number;
  daysNotCharged: number;
}

const MIN = 60_000;
/** Below this charge a vehicle on its rounds stops at a public charger. */
const ROAD_CHARGE_BELOW = 25;
/** Back at the depot below this charge, it plugs in for the night. */
const DEPOT_CHARGE_BELOW = 60;
/**
 * Chargers stop at 80 %, as fleets minding their packs set them (and the default thresholds, which
 * hold a charge above 80 % Severe, expect).
 */
const CHARGE_LIMIT = 80;
/** The charger eases off over the last points before its target (the constant-voltage phase). */
const TAPER_POINTS = 8;
const YARD_MILES = 0.15;
const CRAWL_MPH = 2;

function utcOffsetMs(timeZone: string, at: number): number {
  const wall = (zone: string) => Date.parse(new Date(at).toLocaleString('en-US', { timeZone: zone }));
  return wall(timeZone) - wall('UTC');
}

/**
 * Demo vehicle `index` (0-based, as its VIN counts) at its depot in `city` at `clock`: its fleet's
 * `shared` depot, else one of its own near the centre.
 */
export function createSimVehicle(
  index: number,
  city: City,
  cellCount: number,
  clock: number,
  shared?: Place,
): SimVehicle {
  const rand = random((index + 1) * 7919);
  const pack = demoPack(index);
  // Drawn either way, so a vehicle's life after it is the same wherever its depot is.
  const own = { lat: city.lat + (rand() - 0.5) * 0.04, lng: city.lng + (rand() - 0.5) * 0.05 };
  const depot = shared ? { ...shared } : own;
  const soc = 50 + rand() * 30;
  const cellOffsets = Array.from({ length: cellCount }, () => (rand() - 0.5) * 0.006);
  const offset = utcOffsetMs(city.timeZone, clock);
  return {
    rand,
    city,
    pack,
    capacityKwh: pack.ratedKwh * pack.health,
    cellOffsets,
    clock,
    utcOffsetMs: offset,
    day: planDay(rand, pack, startOfDay(clock, offset), offset),
    depot,
    lat: depot.lat,
    lng: depot.lng,
    heading: [0, 90, 180, 270][Math.floor(rand() * 4)],
    sinceBlockM: 0,
    mode: 'depot',
    until: clock,
    homeward: false,
    pullingIn: false,
    charge: { away: false, kw: 0, target: 0 },
    load: 1,
    pace: 0,
    speed: 0,
    soc,
    odometer: 1000 + rand() * 9000,
    sensors: measurePack(soc, 0, cellOffsets, pack.weakCell, rand),
    fault: null,
    faultLeftS: 0,
    daysNotCharged: 0,
  };
}

/**
 * Lives `dt` seconds on the last reading's power and speed (the charge moves by the energy its
 * voltage and current integrate to), then decides what comes next and reads the sensors anew.
 */
export function advance(v: SimVehicle, dt: number): void {
  if (dt > 0) {
    v.soc = Math.min(100, Math.max(0, v.soc - (packKwh(v.sensors, dt) / v.capacityKwh) * 100));
    const planned = (v.speed * dt) / 3600;
    const miles = v.homeward ? driveHome(v, planned) : (wander(v, planned), planned);
    v.odometer += miles;
    v.day.milesLeft -= miles;
    v.clock += dt * 1000;
    if (v.mode === 'charging') v.daysNotCharged = 0;
    else v.daysNotCharged += dt / 86_400;
    faults(v, dt);
  }
  const dayStart = startOfDay(v.clock, v.utcOffsetMs);
  if (dayStart !== v.day.start) v.day = planDay(v.rand, v.pack, dayStart, v.utcOffsetMs);
  decide(v);
  v.sensors = measurePack(v.soc, powerKw(v), v.cellOffsets, v.pack.weakCell, v.rand);
}

function faults(v: SimVehicle, dt: number) {
  if (v.fault) {
    v.faultLeftS -= dt;
    if (v.faultLeftS <= 0) v.fault = null;
  } else if (v.rand() < dt / (3 * 24 * 3600)) {
    // About one fault in three days of a vehicle's life.
    v.fault = (['overheat', 'low12v', 'limp'] as const)[Math.floor(v.rand() * 3)];
    v.faultLeftS = 600 + v.rand() * 1800;
  }
}

function decide(v: SimVehicle) {
  if (v.mode === 'charging') {
    if (v.soc < v.charge.target - 0.3) return;
    if (v.charge.away) drive(v);
    else v.mode = 'depot';
  } else if (v.mode === 'depot') {
    if (v.clock >= v.day.shiftStart && v.clock < v.day.shiftEnd && !v.day.done) drive(v);
    else if (v.soc < DEPOT_CHARGE_BELOW && v.clock >= v.until && (v.day.done || v.clock < v.day.shiftStart))
      plugIn(v, false);
  } else if (v.mode === 'stopped') {
    if (v.clock >= v.until) drive(v);
  } else onTheRoad(v);
}

function onTheRoad(v: SimVehicle) {
  if (v.homeward) {
    const home = milesHome(v);
    // Slow enough not to pass the yard's edge within a bulk step, then crawl in: the interval
    // after a trip's last reading is counted in its energy, so it should be a short one.
    if (home > 0) return cruise(v, home < YARD_MILES ? CRAWL_MPH : (home - YARD_MILES / 2) * 30);
    v.homeward = false;
    v.day.done = true;
    v.speed = 0;
    v.mode = 'depot';
    // Plugged in for the night once the evening begins, and not before unloading: a charge on the
    // road just before stays a session of its own.
    v.until = Math.max(v.clock + 15 * MIN, v.day.evening);
    return;
  }
  if (v.pullingIn) {
    v.pullingIn = false;
    v.speed = 0;
    if (v.soc < ROAD_CHARGE_BELOW) plugIn(v, true);
    else {
      v.mode = 'stopped';
      v.until = v.clock + (6 + v.rand() * 34) * MIN;
    }
    return;
  }
  const low = v.soc < ROAD_CHARGE_BELOW;
  if ((low && milesHome(v) < 0.5) || v.day.milesLeft <= 0 || v.clock >= v.day.shiftEnd) {
    v.homeward = true;
    return cruise(v);
  }
  if (low || v.clock >= v.until) {
    v.pullingIn = true;
    return cruise(v, CRAWL_MPH);
  }
  cruise(v);
}

/** Starts a leg of the day's rounds: 8 to 30 minutes of driving. */
function drive(v: SimVehicle) {
  v.mode = 'driving';
  v.until = v.clock + (8 + v.rand() * 22) * MIN;
  v.load = 0.9 + v.rand() * 0.2;
  v.pace = 10 + v.rand() * 10;
  cruise(v);
}

/** A new speed: around the leg's pace, between 4 and 22 mph (6 in limp mode), under `limit`. */
function cruise(v: SimVehicle, limit = Infinity) {
  const cap = Math.min(limit, v.fault === 'limp' ? 6 : 22);
  v.speed = Math.max(Math.min(4, cap), Math.min(cap, v.pace + (v.rand() - 0.5) * 8));
}

/** Plugs in: overnight at the depot on its own charger, or for 20 to 55 minutes at a faster public one. */
function plugIn(v: SimVehicle, away: boolean) {
  v.mode = 'charging';
  v.speed = 0;
  const kw = v.pack.ratedKwh * (away ? 0.6 : 0.2);
  const minutes = 20 + v.rand() * 35;
  const target = away ? Math.min(CHARGE_LIMIT, v.soc + ((kw * minutes) / 60 / v.capacityKwh) * 100) : CHARGE_LIMIT;
  v.charge = { away, kw, target };
}

/** kW out of the pack (negative: into it) until the next reading. */
function powerKw(v: SimVehicle): number {
  if (v.mode === 'charging') {
    const share = Math.min(1, Math.max(0.1, (v.charge.target - v.soc) / TAPER_POINTS));
    return -v.charge.kw * share;
  }
  if (v.speed > 0) return (v.speed * v.pack.whPerMile * v.load * (0.92 + v.rand() * 0.16)) / 1000;
  return (v.pack.idleDrainPercentPerDay / 100) * (v.capacityKwh / 24);
}

/**
 * Seconds to the next reading when history is written in bulk: every two minutes while moving or
 * charging on the road (a trip ends after five minutes without), eight minutes while charging at
 * the depot (under the ten minutes the analytics integrate across), else up to an hour, waking
 * for the next decision. Always a multiple of `tickS`.
 */
export function historyStepS(v: SimVehicle, tickS: number): number {
  if (v.mode === 'driving' || (v.mode === 'charging' && v.charge.away)) return tickS;
  if (v.mode === 'charging') return 4 * tickS;
  const later = (t: number) => (t > v.clock ? t : Infinity);
  const wake =
    v.mode === 'stopped' ? v.until : Math.min(later(v.until), v.day.done ? Infinity : later(v.day.shiftStart));
  const ticks = Math.ceil((wake - v.clock) / 1000 / tickS);
  return Math.min(Math.floor(3600 / tickS), Math.max(1, ticks)) * tickS;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** The reading the vehicle's device would send now (docs/telemetry-protocol.md). */
export function reading(v: SimVehicle, ts: number) {
  const { cells, packVoltage, current } = v.sensors;
  const hot = v.fault === 'overheat';
  return {
    ts,
    batteryCharge: round(v.soc, 1),
    packVoltage,
    chargeStatus: v.mode === 'charging' ? 1 : 0,
    battery12v: round(v.fault === 'low12v' ? 10.1 + v.rand() * 0.3 : 12.4 + v.rand() * 0.8),
    vehicleCurrent: current,
    limpMode: v.fault === 'limp' ? 1 : 0,
    gear: v.speed > 0 ? 1 : 4,
    speed: round(v.speed, 1),
    motorRpm: Math.round(v.speed * 95),
    controllerTemp: round((hot ? 175 : 90) + v.speed + v.rand() * 5, 1),
    motorTemp: round((hot ? 190 : 100) + v.speed * 1.5 + v.rand() * 5, 1),
    odometer: round(v.odometer, 2),
    daysNotCharged: Math.floor(v.daysNotCharged),
    gpsLat: round(v.lat, 6),
    gpsLong: round(v.lng, 6),
    gpsSignal: v.rand() < 0.05 ? 4 : 2 + Math.floor(v.rand() * 2),
    lteSignal: 2 + Math.floor(v.rand() * 4),
    milesToEmpty: round((((v.soc / 100) * v.capacityKwh) / v.pack.whPerMile) * 1000, 1),
    cabinTemp: round(68 + v.rand() * 8, 1),
    brakePressure: round(v.speed > 0 ? v.rand() * 20 : 0, 1),
    motorCurrent: round(v.speed > 0 ? Math.max(0, current) : 0, 1),
    throttle: round(v.speed > 0 ? 20 + v.rand() * 40 : 0),
    heading: v.heading,
    cellPackTemp: round((hot ? 150 : 75) + (v.mode === 'charging' ? 8 : 0) + v.rand() * 10, 1),
    cells,
  };
}
