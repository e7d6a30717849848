import { MOVING_MPH, STOP_MINUTES } from './trips.js';

/**
 * How evfleet turns a vehicle's readings into energy, distance and battery figures
 * (docs/analytics.md gives each rule with its units and limits). One set of rules serves the
 * figures kept as readings arrive and those rebuilt from storage when late readings come in.
 */
export const ENERGY_RULES = {
  /** Time between two readings longer than this is a gap in reporting: nothing is integrated across it. */
  maxGapSeconds: 600,
  /** Parked time is counted for idle drain across gaps up to this long (parked vehicles report rarely). */
  maxIdleGapSeconds: 2 * 86_400,
  /** An odometer step this large or larger is a reset or a glitch, not miles driven. */
  maxMilesStep: 1000,
  /** At rest: not moving, not charging, and at most this much current (A) either way. */
  restCurrentA: 5,
  /** Charging stopped for less than this is still one session. */
  chargeGapMinutes: 10,
  /** A charging session is one when it lasts at least this long. */
  minSessionMinutes: 5,
  /** A session adds at least this many percentage points of charge before it counts towards the capacity. */
  minCapacityChargePercent: 20,
  /** The capacity estimate stands on the median of at most this many latest qualifying sessions. */
  capacitySessions: 20,
  /** Cell spread at rest past which a steady weakest cell is logged, when the template sets none. */
  defaultCellSpreadWarnMv: 150,
  /** The weakest cell is "steady" when it was the lowest in at least this share of a day's rest readings. */
  steadyWeakCellShare: 0.8,
  /** The largest rated capacity a vehicle or template may name (kWh): past it, a typing slip. */
  maxRatedCapacityKwh: 2000,
  /** The largest cell spread warning a template may name (mV). */
  maxCellSpreadWarnMv: 2000,
  /** A day needs at least this many readings at rest before its weakest cell is judged. */
  minWeakCellRestReadings: 10,
} as const;

/** Where a vehicle's rated capacity may come from (kWh); null or absent counts as none. */
export interface CapacitySources {
  own?: number | null;
  template?: number | null;
}

/**
 * The rated capacity a vehicle's state of health is measured against: its own, else its
 * template's, else none (no state of health without it).
 */
export const effectiveRatedCapacityKwh = ({ own, template }: CapacitySources): number | null => own ?? template ?? null;

/** The cell spread warning (mV) of a vehicle: its template's setting, else the default. */
export const effectiveCellSpreadWarnMv = (template: number | null | undefined): number =>
  template ?? ENERGY_RULES.defaultCellSpreadWarnMv;

const MILES_PER_METER = 1 / 1609.344;
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in miles (haversine). */
export function gpsMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a))) * MILES_PER_METER;
}

/** The values of one reading the analytics look at; null when the reading has none. */
export interface MeterPoint {
  ts: number;
  packVoltage: number | null;
  vehicleCurrent: number | null;
  chargeStatus: number | null;
  speed: number | null;
  batteryCharge: number | null;
  odometer: number | null;
  gpsLat: number | null;
  gpsLong: number | null;
  cells: readonly number[] | null;
}

type MeterValues = Partial<Record<Exclude<keyof MeterPoint, 'ts' | 'cells'>, number | null>>;
const or = (v: number | null | undefined) => (v === undefined ? null : v);
/** A MeterPoint from a reading's values (missing keys, or nulls from storage). */
export const meterPoint = (ts: number, v: MeterValues, cells: readonly number[] | null): MeterPoint => ({
  ts,
  packVoltage: or(v.packVoltage),
  vehicleCurrent: or(v.vehicleCurrent),
  chargeStatus: or(v.chargeStatus),
  speed: or(v.speed),
  batteryCharge: or(v.batteryCharge),
  odometer: or(v.odometer),
  gpsLat: or(v.gpsLat),
  gpsLong: or(v.gpsLong),
  cells,
});

/** Charging: charge status on, or, without one, current flowing into the pack (negative). */
export const isCharging = (p: Pick<MeterPoint, 'chargeStatus' | 'vehicleCurrent'>) =>
  p.chargeStatus !== null ? p.chargeStatus >= 0.5 : p.vehicleCurrent !== null && p.vehicleCurrent < 0;
export const isMoving = (p: Pick<MeterPoint, 'speed'>) => p.speed !== null && p.speed >= MOVING_MPH;
/** Pack power in kW, positive out of the pack; null without both voltage and current. */
export const packPowerKw = (p: MeterPoint) =>
  p.packVoltage !== null && p.vehicleCurrent !== null ? (p.packVoltage * p.vehicleCurrent) / 1000 : null;

/** Cell spread (highest minus lowest, mV) and the lowest cell (1-based) of a reading at rest; null otherwise. */
export function restCells(p: MeterPoint): { spreadMv: number; lowestCell: number } | null {
  if (!p.cells || p.cells.length < 2 || isMoving(p) || isCharging(p)) return null;
  if (p.vehicleCurrent !== null && Math.abs(p.vehicleCurrent) > ENERGY_RULES.restCurrentA) return null;
  let lo = 0;
  let hi = 0;
  for (let i = 1; i < p.cells.length; i++) {
    if (p.cells[i] < p.cells[lo]) lo = i;
    if (p.cells[i] > p.cells[hi]) hi = i;
  }
  return { spreadMv: (p.cells[hi] - p.cells[lo]) * 1000, lowestCell: lo + 1 };
}

/** A day's readings at rest: how many, their spreads' sum, and the cell most often the lowest (how often). */
export interface RestDay {
  restCount: number;
  restSpreadSumMv: number;
  lowestCell: number | null;
  lowestCellCount: number;
}

/**
 * The day's steady weak cell: one cell the lowest in most readings at rest while the mean spread
 * stood past the warning level (the template's, else the default); null when the day does not show one.
 */
export function steadyWeakCell(day: RestDay, warnMv: number | null): { cell: number; meanSpreadMv: number } | null {
  if (day.lowestCell === null || day.restCount < ENERGY_RULES.minWeakCellRestReadings) return null;
  if (day.lowestCellCount < ENERGY_RULES.steadyWeakCellShare * day.restCount) return null;
  const meanSpreadMv = day.restSpreadSumMv / day.restCount;
  return meanSpreadMv > (warnMv ?? ENERGY_RULES.defaultCellSpreadWarnMv)
    ? { cell: day.lowestCell, meanSpreadMv }
    : null;
}

/**
 * What happened between two consecutive readings. Each interval takes the power and state of the
 * reading that opens it (a device reports what it measured since) and belongs to the day of the
 * reading that closes it.
 */
export interface IntervalFacts {
  seconds: number;
  /** Charging during the interval (charge status of its first reading). */
  chargingSeconds: number;
  /** kWh into the pack while charging: pack voltage × |current| × time. */
  chargedKwh: number;
  /** Net kWh out of the pack while not charging: voltage × current × time (regeneration subtracts). */
  usedKwh: number;
  /** Miles along the GPS track while moving. */
  gpsMiles: number;
  /** Parked and not charging: the time, and the charge lost (percentage points; a rise counts back). */
  idleSeconds: number;
  idleChargeLost: number;
}

const NOTHING: IntervalFacts = {
  seconds: 0,
  chargingSeconds: 0,
  chargedKwh: 0,
  usedKwh: 0,
  gpsMiles: 0,
  idleSeconds: 0,
  idleChargeLost: 0,
};
/** Facts to write an interval's into (intervalFacts). */
export const newIntervalFacts = (): IntervalFacts => ({ ...NOTHING });

/**
 * The facts of the interval from prev to cur, written into `facts` (by default a new object): the
 * ingestion pipeline works them out for every reading it takes and passes one object of its own,
 * used before the next reading's are written.
 */
export function intervalFacts(prev: MeterPoint, cur: MeterPoint, facts = newIntervalFacts()): IntervalFacts {
  const seconds = (cur.ts - prev.ts) / 1000;
  facts.seconds = seconds > 0 ? seconds : 0;
  facts.chargingSeconds = facts.chargedKwh = facts.usedKwh = facts.gpsMiles = 0;
  facts.idleSeconds = facts.idleChargeLost = 0;
  if (!(seconds > 0)) return facts;
  const moving = isMoving(prev) || isMoving(cur);
  const charging = isCharging(prev);
  if (!moving && !charging && seconds <= ENERGY_RULES.maxIdleGapSeconds) {
    facts.idleSeconds = seconds;
    if (prev.batteryCharge !== null && cur.batteryCharge !== null)
      facts.idleChargeLost = prev.batteryCharge - cur.batteryCharge;
  }
  if (seconds > ENERGY_RULES.maxGapSeconds) return facts;
  const power = packPowerKw(prev);
  if (charging) {
    facts.chargingSeconds = seconds;
    if (power !== null) facts.chargedKwh = (Math.abs(power) * seconds) / 3600;
  } else if (power !== null) facts.usedKwh = (power * seconds) / 3600;
  if (moving && prev.gpsLat !== null && prev.gpsLong !== null && cur.gpsLat !== null && cur.gpsLong !== null)
    facts.gpsMiles = gpsMiles(prev.gpsLat, prev.gpsLong, cur.gpsLat, cur.gpsLong);
  return facts;
}

/** Miles from one odometer value to the next: a step backwards or too large is not distance. */
export const odometerMiles = (before: number, after: number) => {
  const miles = after - before;
  return miles > 0 && miles < ENERGY_RULES.maxMilesStep ? miles : 0;
};

// ---- episodes: trips and charging sessions

export type EpisodeKind = 'trip' | 'charge';

/** A trip or a charging session with its running sums (the columns of trip and charging_session). */
export interface Episode {
  start: number;
  end: number;
  /** Trip: net kWh out of the pack. Charging session: kWh into it. */
  energyKwh: number;
  peakPowerKw: number | null;
  startCharge: number | null;
  endCharge: number | null;
  startOdometer: number | null;
  endOdometer: number | null;
  gpsMiles: number;
  gpsLat: number | null;
  gpsLong: number | null;
}

const EPISODE_RULES: Record<
  EpisodeKind,
  {
    within: (p: MeterPoint) => boolean;
    gapMs: number;
    kwh: (f: IntervalFacts) => number;
    power: (p: MeterPoint) => number | null;
  }
> = {
  trip: {
    within: isMoving,
    gapMs: STOP_MINUTES * 60_000,
    kwh: (f) => f.usedKwh,
    power: packPowerKw,
  },
  charge: {
    within: isCharging,
    gapMs: ENERGY_RULES.chargeGapMinutes * 60_000,
    kwh: (f) => f.chargedKwh,
    power: (p) => {
      const kw = packPowerKw(p);
      return kw === null ? null : Math.abs(kw);
    },
  },
};

/** Where one vehicle stands in one kind of episode: the open episode and the sums since its last reading in it. */
export interface EpisodeTrack {
  open: Episode | null;
  prev: MeterPoint | null;
  pendingKwh: number;
  pendingGpsMiles: number;
}
export const newTrack = (open: Episode | null = null): EpisodeTrack => ({
  open,
  prev: null,
  pendingKwh: 0,
  pendingGpsMiles: 0,
});

const maxOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * Adds the next reading (later than every earlier one) to a vehicle's track. An episode runs from
 * its first reading inside (moving; charging) to its last, and survives a stretch outside shorter
 * than the kind's gap: what happened during that stretch joins it once a reading inside follows.
 * Returns the episode the reading changed (extended, began, or closed the last interval of), if any.
 */
export function stepEpisode(
  kind: EpisodeKind,
  track: EpisodeTrack,
  p: MeterPoint,
  /** intervalFacts(track.prev, p), when the caller has it already. */
  known?: IntervalFacts,
): Episode | null {
  const rule = EPISODE_RULES[kind];
  const prev = track.prev;
  const facts = known ?? (prev ? intervalFacts(prev, p) : NOTHING);
  track.prev = p;
  if (track.open && p.ts - track.open.end >= rule.gapMs) track.open = null;
  if (!rule.within(p)) {
    const open = track.open;
    if (!open) return null;
    // The interval its last reading opened is the episode's own (it measured the power until now).
    // So are the charge and odometer that close it: the energy and the charge or distance it
    // bought then cover the same span.
    if (prev && prev.ts === open.end) {
      open.energyKwh += rule.kwh(facts);
      open.gpsMiles += facts.gpsMiles;
      if (p.batteryCharge !== null) open.endCharge = p.batteryCharge;
      if (p.odometer !== null) open.endOdometer = p.odometer;
      return open;
    }
    track.pendingKwh += rule.kwh(facts);
    track.pendingGpsMiles += facts.gpsMiles;
    return null;
  }
  let e = track.open;
  if (e) {
    e.end = p.ts;
    e.energyKwh += track.pendingKwh + rule.kwh(facts);
    e.gpsMiles += track.pendingGpsMiles + facts.gpsMiles;
  } else {
    track.open = e = {
      start: p.ts,
      end: p.ts,
      energyKwh: 0,
      peakPowerKw: null,
      startCharge: p.batteryCharge,
      endCharge: null,
      startOdometer: p.odometer,
      endOdometer: null,
      gpsMiles: 0,
      gpsLat: p.gpsLat,
      gpsLong: p.gpsLong,
    };
  }
  track.pendingKwh = 0;
  track.pendingGpsMiles = 0;
  e.peakPowerKw = maxOrNull(e.peakPowerKw, rule.power(p));
  if (p.batteryCharge !== null) {
    e.startCharge ??= p.batteryCharge;
    e.endCharge = p.batteryCharge;
  }
  if (p.odometer !== null) {
    e.startOdometer ??= p.odometer;
    e.endOdometer = p.odometer;
  }
  if (e.gpsLat === null && p.gpsLat !== null && p.gpsLong !== null) {
    e.gpsLat = p.gpsLat;
    e.gpsLong = p.gpsLong;
  }
  return e;
}

/**
 * The episodes of a time-ordered series of readings; `closed` hears of each episode a reading of the
 * series closes, with that reading's time (an episode still open at the end is not closed).
 */
export function segmentEpisodes(
  kind: EpisodeKind,
  points: readonly MeterPoint[],
  closed?: (episode: Episode, at: number) => void,
): Episode[] {
  const track = newTrack();
  const episodes: Episode[] = [];
  for (const p of points) {
    const before = track.open;
    const e = stepEpisode(kind, track, p);
    if (before && track.open !== before) closed?.(before, p.ts);
    if (e && e !== before) episodes.push(e);
  }
  return episodes;
}

/**
 * Distance: the odometer's when it moved, else the GPS track's. A day's distance follows the same
 * rule in SQL (DAY_DISTANCE of the server's dashboard module).
 */
export const distanceMiles = (odometerMiles: number, gpsMiles: number) =>
  odometerMiles > 0 ? odometerMiles : gpsMiles;

/** A trip's distance, by that rule. */
export const episodeMiles = (e: Pick<Episode, 'startOdometer' | 'endOdometer' | 'gpsMiles'>) =>
  distanceMiles(e.startOdometer !== null && e.endOdometer !== null ? e.endOdometer - e.startOdometer : 0, e.gpsMiles);

/** Wh per mile, or null when there is too little distance to divide by (under a tenth of a mile). */
export const whPerMile = (kwh: number, miles: number) => (miles >= 0.1 ? (kwh * 1000) / miles : null);

/** A charging session is one when it lasted long enough (a blip of negative current is not). */
export const isSustainedSession = (e: Pick<Episode, 'start' | 'end'>) =>
  e.end - e.start >= ENERGY_RULES.minSessionMinutes * 60_000;

/** The pack capacity a session measures: energy in ÷ charge added; null when it added too little. */
export function sessionCapacityKwh(e: Pick<Episode, 'energyKwh' | 'startCharge' | 'endCharge'>): number | null {
  if (e.startCharge === null || e.endCharge === null) return null;
  const added = e.endCharge - e.startCharge;
  if (added < ENERGY_RULES.minCapacityChargePercent || e.energyKwh <= 0) return null;
  return (e.energyKwh * 100) / added;
}

/**
 * A pack's capacity from its charging sessions (any order): the median of what the latest
 * qualifying sustained sessions measured.
 */
export function estimateCapacity(
  sessions: readonly Pick<Episode, 'start' | 'end' | 'energyKwh' | 'startCharge' | 'endCharge'>[],
) {
  const measured = sessions
    .filter(isSustainedSession)
    .map((e) => ({ start: e.start, kwh: sessionCapacityKwh(e) }))
    .filter((m): m is { start: number; kwh: number } => m.kwh !== null)
    .sort((a, b) => b.start - a.start)
    .slice(0, ENERGY_RULES.capacitySessions);
  return { capacityKwh: median(measured.map((m) => m.kwh)), sessions: measured.length };
}

/** The median, robust to the odd session measured badly; null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

// ---- battery and fleet figures

/** Estimated ÷ rated capacity, in percent; null without both. */
export const stateOfHealthPercent = (estimatedKwh: number | null, ratedKwh: number | null) =>
  estimatedKwh !== null && ratedKwh !== null && ratedKwh > 0 ? (estimatedKwh / ratedKwh) * 100 : null;

/** Charge lost per day parked and not charging; null under an hour of such time (too little to tell). */
export const idleDrainPercentPerDay = (chargeLost: number, idleSeconds: number) =>
  idleSeconds >= 3600 ? chargeLost / (idleSeconds / 86_400) : null;

/** The miles the charge left would last at the recent Wh/mi; null when either is unknown. */
export const estimatedRangeMiles = (
  chargePercent: number | null,
  capacityKwh: number | null,
  whPerMi: number | null,
) =>
  chargePercent !== null && capacityKwh !== null && whPerMi !== null && whPerMi > 0
    ? ((chargePercent / 100) * capacityKwh * 1000) / whPerMi
    : null;
