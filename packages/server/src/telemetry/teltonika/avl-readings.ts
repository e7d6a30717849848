import { TELEMETRY_LIMITS, UNKNOWN_SIGNAL_RANGE } from '@evfleet/domain';
import {
  checkedCells,
  noValues,
  outOfRange,
  placeOf,
  putKnown,
  refusedTime,
  unknownInRange,
  type Dropped,
  type Parsed,
  type SignalPlace,
} from '../../readings/reading.js';
import type { CompiledMapping, CompiledProfile } from '../trackers/tracker-registry.js';
import type { AvlRecord, IoElement } from './codec.js';

const MPH_PER_KMH = 1 / 1.609344;
const place = (key: string) => placeOf(key)!;
const [GPS_LAT, GPS_LONG, HEADING, SPEED] = [place('gpsLat'), place('gpsLong'), place('heading'), place('speed')];

/** What one record's IO elements left unstored or unmapped, for the counters and the profile page. */
export interface RecordLeftovers {
  /** IO elements longer than 8 bytes: no number, not stored. */
  tooLong: number;
  /** Unmapped elements beyond the unknown signals a reading may hold. */
  overLimit: number;
}

/** Called for each IO element the profile does not map, with its raw (unsigned) value. */
export type Unmapped = (io: number, value: number) => void;

/** What becomes of one IO element. */
const KNOWN = 0; // a stored signal, through its mapping
const UNKNOWN = 1; // an unknown signal: a mapping's name, or io<ID> with the raw value
const CELL = 2; // a cell, through its mapping
const NONE = 3; // nothing stored: over 8 bytes, or beyond the unknown signals a reading may hold

interface Step {
  kind: typeof KNOWN | typeof UNKNOWN | typeof CELL | typeof NONE;
  /** Null for an element the profile does not map (its raw value is the signal's). */
  mapping: CompiledMapping | null;
  place: SignalPlace | null;
  /** The unknown signal's name. */
  key: string;
  /** Its place among the record's cells (CELL) or unknown signals (UNKNOWN). */
  slot: number;
  /** The profile does not map it: `unmapped` is told. */
  told: boolean;
}

/**
 * The records of one profile whose elements have these ids, in this order, with a fix or not: where
 * each element goes, worked out once. A tracker sends the same elements record after record.
 */
interface Layout {
  fix: boolean;
  ids: number[];
  long: boolean[];
  steps: Step[];
  /**
   * A record's unknown signals from their values in order: an object literal of the layout's keys,
   * made once. Given its twenty-odd keys one by one, the object would be a dictionary-mode object
   * (V8 stops giving an object fast properties after a dozen keyed additions), slower to fill, to
   * encode for COPY and to collect; filled by keyed stores into a copy of a template, its stores
   * were a third of a record's checks (docs/performance.md, "Teltonika trackers").
   */
  extraOf: (values: number[]) => Record<string, number>;
  /** The values `extraOf` takes, filled record after record. */
  extraValues: number[];
  /** How many cells a record of the layout holds: a list from cell 1 without a gap, else none (0). */
  cells: number;
  tooLong: number;
  overLimit: number;
}
/** Layouts kept a profile (a tracker's, as the registry compiles them): the last seen first. */
const MAX_LAYOUTS = 8;
const layouts = new WeakMap<CompiledProfile, Layout[]>();

/**
 * One AVL record as a checked reading (docs/devices.md): the GPS element, then every IO element
 * through the vehicle's profile, each value checked against its signal's range as a JSON reading's
 * is (readings/reading.ts). What the profile does not map is kept as the unknown signal `io<ID>`
 * with its raw value, so nothing a device sends is lost and it can be mapped later.
 */
export function parsedRecord(
  record: AvlRecord,
  profile: CompiledProfile,
  now: number,
  leftovers: RecordLeftovers,
  unmapped?: Unmapped,
): Parsed {
  const layout = layoutOf(record, profile) ?? remember(record, profile);
  leftovers.tooLong += layout.tooLong;
  leftovers.overLimit += layout.overLimit;
  const { io } = record;
  const { steps } = layout;
  // What a device sends is listed on the profile page, even when its record is refused.
  if (unmapped) for (let i = 0; i < steps.length; i++) if (steps[i].told) unmapped(io[i].id, io[i].value);
  const refused = refusedTime(record.timestamp, now);
  if (refused !== null) return refused;

  const values = noValues();
  let dropped: Dropped[] | null = null;
  // Without a fix a tracker repeats its last position or sends zeros: only a fix is a position.
  if (layout.fix) {
    dropped = putKnown(values, GPS_LAT, record.latitude, dropped);
    dropped = putKnown(values, GPS_LONG, record.longitude, dropped);
    dropped = putKnown(values, HEADING, record.angle, dropped);
  }
  dropped = putKnown(values, SPEED, record.speed * MPH_PER_KMH, dropped);
  const extraValues = layout.extraValues;
  extraValues[0] = record.altitude;
  extraValues[1] = record.satellites;
  let outside = false;
  const cells: number[] | null = layout.cells ? [] : null;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const element = io[i];
    if (step.kind === KNOWN) dropped = putKnown(values, step.place!, scaled(step.mapping!, element), dropped);
    else if (step.kind === CELL) cells![step.slot] = scaled(step.mapping!, element);
    else if (step.kind === UNKNOWN) {
      const value = step.mapping === null ? element.value : scaled(step.mapping, element);
      if (unknownInRange(value)) extraValues[step.slot] = value;
      else {
        extraValues[step.slot] = NaN; // left out below
        outside = true;
        (dropped ??= []).push(outOfRange(step.key, value, UNKNOWN_SIGNAL_RANGE));
      }
    }
  }
  let kept = cells;
  if (cells !== null) [kept, dropped] = checkedCells(cells, dropped);
  const extra = layout.extraOf(extraValues);
  if (outside) for (const key in extra) if (Number.isNaN(extra[key])) delete extra[key];
  // With a value left out, the unknown signals no longer have the layout's keys.
  const extraKeys = outside ? undefined : layout;
  return { ok: true, reading: { ts: record.timestamp, values, cells: kept, extra, extraKeys }, dropped };
}

const hasFix = (record: AvlRecord) => record.satellites > 0 && !(record.latitude === 0 && record.longitude === 0);

function layoutOf(record: AvlRecord, profile: CompiledProfile): Layout | null {
  const list = layouts.get(profile);
  if (list === undefined) return null;
  const { io } = record;
  const fix = hasFix(record);
  search: for (let l = 0; l < list.length; l++) {
    const layout = list[l];
    if (layout.ids.length !== io.length || layout.fix !== fix) continue;
    for (let i = 0; i < io.length; i++)
      if (io[i].id !== layout.ids[i] || io[i].length > 8 !== layout.long[i]) continue search;
    if (l > 0) list.unshift(...list.splice(l, 1));
    return layout;
  }
  return null;
}

/** The record's layout, worked out from the profile and kept for the records after it. */
function remember(record: AvlRecord, profile: CompiledProfile): Layout {
  // The GPS element's unknown signals first; IO elements' follow, within the reading's limit.
  const extraKeys = new Set(['altitude', 'satellites']);
  const placed = new Set<number>();
  let tooLong = 0;
  let overLimit = 0;
  const steps = record.io.map((element): Step => {
    const step: Step = { kind: NONE, mapping: null, place: null, key: '', slot: -1, told: false };
    if (element.length > 8) {
      tooLong++;
      return step;
    }
    const mapping = profile.get(element.id) ?? null;
    step.mapping = mapping;
    step.told = mapping === null;
    if (mapping?.place) return { ...step, kind: KNOWN, place: mapping.place };
    if (mapping?.key === null) {
      placed.add(mapping.cell);
      return { ...step, kind: CELL, slot: mapping.cell };
    }
    const key = mapping?.key ?? `io${element.id}`;
    if (!extraKeys.has(key) && extraKeys.size >= TELEMETRY_LIMITS.maxExtraSignals) {
      overLimit++;
      return step;
    }
    extraKeys.add(key);
    return { ...step, kind: UNKNOWN, key, slot: [...extraKeys].indexOf(key) };
  });
  // The cells are a list from cell 1: with one missing, none can be placed.
  const cells = [...placed].every((c) => c < placed.size) ? placed.size : 0;
  if (cells === 0) for (const step of steps) if (step.kind === CELL) step.kind = NONE;
  const layout: Layout = {
    fix: hasFix(record),
    ids: record.io.map((e) => e.id),
    long: record.io.map((e) => e.length > 8),
    steps,
    extraOf: objectOf([...extraKeys]),
    extraValues: [...extraKeys].map(() => 0),
    cells,
    tooLong,
    overLimit,
  };
  let list = layouts.get(profile);
  if (list === undefined) layouts.set(profile, (list = []));
  list.unshift(layout);
  if (list.length > MAX_LAYOUTS) list.pop();
  return layout;
}

/**
 * A function making an object of these keys from their values in order: `v => ({"altitude": v[0],
 * …})`. Each key is written as its JSON text, a string literal whatever the name holds, so no name
 * can be code; `__proto__`, which a literal would take as the object's prototype, is a computed key.
 */
function objectOf(keys: string[]): (values: number[]) => Record<string, number> {
  const literal = (key: string) => (key === '__proto__' ? '["__proto__"]' : JSON.stringify(key));
  const body = `return {${keys.map((k, i) => `${literal(k)}: v[${i}]`).join(', ')}};`;
  const make = new Function('v', body) as (values: number[]) => Record<string, number>;
  // The first object made sets how V8 keeps the literal's fields. Made of numbers, a field that has
  // held a fraction keeps each value in a number of its own on the heap, whole ones too; made of
  // nulls first, its fields hold any value, and a whole number (most of a tracker's) sits in the
  // object itself: a record's unknown signals allocated 189 bytes instead of 532 (docs/performance.md).
  make(keys.map(() => null as unknown as number));
  return make;
}

/** An element's value through its mapping: a whole fraction divides (tracker-registry.ts, `divisor`). */
function scaled(mapping: CompiledMapping, element: IoElement): number {
  const raw = mapping.signed ? element.signedValue : element.value;
  return (mapping.divisor ? raw / mapping.divisor : raw * mapping.scale) + mapping.offset;
}
