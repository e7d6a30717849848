import { TELEMETRY_LIMITS } from '@evfleet/domain';
import type { CompiledMapping, CompiledProfile } from '../trackers/tracker-registry.js';
import type { AvlRecord, IoElement } from './codec.js';

const MPH_PER_KMH = 1 / 1.609344;

/** What one record's IO elements left unstored or unmapped, for the counters and the profile page. */
export interface RecordLeftovers {
  /** IO elements longer than 8 bytes: no number, not stored. */
  tooLong: number;
  /** Unmapped elements beyond the unknown signals a reading may hold. */
  overLimit: number;
}

/** Called for each IO element the profile does not map, with its raw (unsigned) value. */
export type Unmapped = (io: number, value: number) => void;

/**
 * One AVL record as a reading of the JSON protocol (docs/telemetry-protocol.md): the GPS element,
 * then every IO element through the vehicle's profile. What the profile does not map is kept as the
 * unknown signal `io<ID>` with its raw value, so nothing a device sends is lost and it can be mapped
 * later. The reading is then checked by the same rules as any JSON reading (ingest.decoded), and
 * is what a transport puts on RabbitMQ when several instances run.
 *
 * A tracker sends the same elements record after record, so where each of them goes is worked out
 * by `readingByProfile` for the first records of a set of elements (a layout) and then reused: the
 * reading is a copy of a template holding the layout's keys, filled in the same order. Given its
 * thirty-odd keys one by one, a reading would be a dictionary-mode object (V8 stops giving an
 * object fast properties after a dozen keyed additions), slower to build, to check and to collect
 * (docs/performance.md, "Teltonika trackers").
 */
export function readingOfRecord(
  record: AvlRecord,
  profile: CompiledProfile,
  leftovers: RecordLeftovers,
  unmapped?: Unmapped,
): Record<string, unknown> {
  const layout = layoutOf(record, profile);
  if (layout === null) {
    const plan = emptyPlan();
    const reading = readingByProfile(record, profile, leftovers, unmapped, plan);
    remember(profile, record, plan);
    return reading;
  }
  if (layout.template !== null) return fromLayout(record, layout, leftovers, unmapped);
  const reading = readingByProfile(record, profile, leftovers, unmapped);
  if (!layout.slow) makeTemplate(record, layout, reading);
  return reading;
}

/** Where each IO element of a record goes, as `readingByProfile` decided it, element by element. */
interface Plan {
  /** Its mapping; null when unmapped or too long. */
  mappings: (CompiledMapping | null)[];
  /** The reading's key it fills; null for none (too long, beyond the limit, a cell). */
  keys: (string | null)[];
  /** It is told to `unmapped`. */
  told: boolean[];
  tooLong: number;
  overLimit: number;
  /** The reading holds the cells. */
  cells: boolean;
}
const emptyPlan = (): Plan => ({ mappings: [], keys: [], told: [], tooLong: 0, overLimit: 0, cells: false });

/** The records of one profile whose elements have these ids, in this order, and a fix or not. */
interface Layout extends Plan {
  fix: boolean;
  ids: number[];
  long: boolean[];
  /** The reading's keys in order, each null: made at the layout's second record, so one seen once costs none. */
  template: Record<string, unknown> | null;
  /** Its template would not give what `readingByProfile` gives (a key JavaScript treats apart): it has none. */
  slow: boolean;
}
/** Layouts kept a profile (a tracker's, as the registry compiles them): the last seen first. */
const MAX_LAYOUTS = 8;
const layouts = new WeakMap<CompiledProfile, Layout[]>();

/**
 * The GPS element's keys, in the order a template keeps them. Without a fix a tracker repeats its
 * last position or sends zeros: only a fix is a position.
 */
function putGps(reading: Record<string, unknown>, record: AvlRecord, fix: boolean) {
  if (fix) {
    reading.gpsLat = record.latitude;
    reading.gpsLong = record.longitude;
    reading.heading = record.angle;
  }
  reading.speed = record.speed * MPH_PER_KMH;
  reading.altitude = record.altitude;
  reading.satellites = record.satellites;
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

function remember(profile: CompiledProfile, record: AvlRecord, plan: Plan) {
  let list = layouts.get(profile);
  if (list === undefined) layouts.set(profile, (list = []));
  const ids = record.io.map((e) => e.id);
  const long = record.io.map((e) => e.length > 8);
  list.unshift({ ...plan, fix: hasFix(record), ids, long, template: null, slow: false });
  if (list.length > MAX_LAYOUTS) list.pop();
}

/** The layout's template, kept only if it reads this record exactly as `readingByProfile` did. */
function makeTemplate(record: AvlRecord, layout: Layout, reading: Record<string, unknown>) {
  const keys = Object.keys(reading);
  // JSON.parse makes an object with fast properties, and a spread copy of it keeps them.
  layout.template = JSON.parse(`{${keys.map((k) => `${JSON.stringify(k)}:null`).join(',')}}`) as Record<
    string,
    unknown
  >;
  const copy = fromLayout(record, layout, { tooLong: 0, overLimit: 0 });
  const copyKeys = Object.keys(copy);
  const same =
    copyKeys.length === keys.length && keys.every((k, i) => copyKeys[i] === k && sameValue(copy[k], reading[k]));
  if (!same) {
    layout.template = null;
    layout.slow = true;
  }
}
const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((v, i) => Object.is(v, b[i]))
    : Object.is(a, b);

/** A record of a layout with a template: the template copied and filled as readingByProfile would. */
function fromLayout(
  record: AvlRecord,
  layout: Layout,
  leftovers: RecordLeftovers,
  unmapped?: Unmapped,
): Record<string, unknown> {
  const reading = { ...layout.template };
  reading.ts = record.timestamp;
  putGps(reading, record, layout.fix);
  const { io } = record;
  const { mappings, keys, told } = layout;
  let cells: number[] | null = null;
  for (let i = 0; i < io.length; i++) {
    const element = io[i];
    const mapping = mappings[i];
    const key = keys[i];
    if (mapping === null) {
      if (told[i]) unmapped?.(element.id, element.value);
      if (key !== null) reading[key] = element.value;
      continue;
    }
    const value = scaled(mapping, element);
    if (mapping.key === null) (cells ??= [])[mapping.cell] = value;
    else if (key !== null) reading[key] = value;
  }
  if (layout.cells) reading.cells = cells;
  leftovers.tooLong += layout.tooLong;
  leftovers.overLimit += layout.overLimit;
  return reading;
}

/** The reading built key by key from the profile; with a `plan`, what became of each element is noted in it. */
function readingByProfile(
  record: AvlRecord,
  profile: CompiledProfile,
  leftovers: RecordLeftovers,
  unmapped?: Unmapped,
  plan?: Plan,
): Record<string, unknown> {
  const reading: Record<string, unknown> = { ts: record.timestamp };
  putGps(reading, record, hasFix(record));
  // The GPS element's unknown signals; IO elements' follow, within the reading's limit.
  let extras = 2;
  let cells: number[] | null = null;
  const [tooLongBefore, overLimitBefore] = [leftovers.tooLong, leftovers.overLimit];
  for (const element of record.io) {
    const tooLong = element.length > 8;
    const mapping = tooLong ? null : (profile.get(element.id) ?? null);
    let key: string | null = null;
    if (tooLong) leftovers.tooLong++;
    else if (mapping === null) {
      unmapped?.(element.id, element.value);
      if (extras >= TELEMETRY_LIMITS.maxExtraSignals) leftovers.overLimit++;
      else {
        key = `io${element.id}`;
        reading[key] = element.value;
        extras++;
      }
    } else {
      const value = scaled(mapping, element);
      if (mapping.key === null) (cells ??= [])[mapping.cell] = value;
      else if (mapping.known) reading[(key = mapping.key)] = value;
      else if (extras >= TELEMETRY_LIMITS.maxExtraSignals) leftovers.overLimit++;
      else {
        reading[(key = mapping.key)] = value;
        extras++;
      }
    }
    if (plan) {
      plan.mappings.push(mapping);
      plan.keys.push(key);
      plan.told.push(!tooLong && mapping === null);
    }
  }
  const placed = cells !== null && isDense(cells);
  if (placed) reading.cells = cells;
  if (plan) {
    plan.tooLong = leftovers.tooLong - tooLongBefore;
    plan.overLimit = leftovers.overLimit - overLimitBefore;
    plan.cells = placed;
  }
  return reading;
}

/** An element's value through its mapping: a whole fraction divides (tracker-registry.ts, `divisor`). */
function scaled(mapping: CompiledMapping, element: IoElement): number {
  const raw = mapping.signed ? element.signedValue : element.value;
  return (mapping.divisor ? raw / mapping.divisor : raw * mapping.scale) + mapping.offset;
}

/** The cells are a list from cell 1: with one missing, none can be placed. */
function isDense(cells: number[]): boolean {
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) return false;
  return true;
}
