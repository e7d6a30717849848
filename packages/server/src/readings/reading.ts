import {
  CELL_VOLTAGE_RANGE,
  EXTRA_SIGNALS,
  MAX_CELLS,
  SIGNAL_KEYS,
  SIGNAL_RANGES,
  TELEMETRY_LIMITS,
  UNKNOWN_SIGNAL_RANGE,
  type RejectionReason,
  type SignalKey,
  type SignalRange,
} from '@evfleet/domain';

/** Every signal stored in its own column: the report's signals, then heading and cell-pack temperature. */
export const STORED_SIGNALS = [...SIGNAL_KEYS, ...EXTRA_SIGNALS.map((s) => s.key)] as const;
export type StoredSignal = SignalKey | (typeof EXTRA_SIGNALS)[number]['key'];
/** Each stored signal's place in a reading's values. */
export const SIGNAL_INDEX = Object.fromEntries(STORED_SIGNALS.map((k, i) => [k, i])) as Readonly<
  Record<StoredSignal, number>
>;
/** A stored signal's place in a reading's values and its physical range. */
export interface SignalPlace {
  key: StoredSignal;
  index: number;
  range: SignalRange;
}
/** Each stored signal's place: one lookup per key tells "known", where, and its limits. */
const PLACES = new Map<string, SignalPlace>(
  STORED_SIGNALS.map((k, i) => [k, { key: k, index: i, range: SIGNAL_RANGES[k] }]),
);
/** A stored signal's place, undefined for any other key (an unknown signal). */
export const placeOf = (key: string): SignalPlace | undefined => PLACES.get(key);
const CELL_MIN = CELL_VOLTAGE_RANGE.min;
const CELL_MAX = CELL_VOLTAGE_RANGE.max;

/**
 * A reading with no signal: NaN in every place. Built by map, so the array and its copies hold
 * their numbers unboxed (V8's double elements).
 */
const NO_VALUES: number[] = STORED_SIGNALS.map(() => NaN);
/** A reading's values with none set yet. */
export const noValues = (): number[] => NO_VALUES.slice();

/** The value in one place of a reading's values, null where the reading has none (as storage takes it). */
export const valueAt = (values: readonly number[], index: number): number | null =>
  Number.isNaN(values[index]) ? null : values[index];
/** A signal's value in a reading's values, undefined when the reading has none. */
export const signalOf = (values: readonly number[], key: StoredSignal): number | undefined =>
  valueAt(values, SIGNAL_INDEX[key]) ?? undefined;
/** Values from signals by name (a form, a row read back): absent and null ones NaN. */
export const valuesFrom = (signals: Partial<Record<string, number | null>>): number[] => {
  const values = noValues();
  for (let i = 0; i < STORED_SIGNALS.length; i++) values[i] = signals[STORED_SIGNALS[i]] ?? NaN;
  return values;
};
const RESERVED = new Set(['ts', 'timestamp', 'cells', 'vin']);

export interface Reading {
  /** Epoch milliseconds. */
  ts: number;
  /**
   * Known signals in STORED_SIGNALS order (SIGNAL_INDEX), NaN where the reading has none: no stored
   * value is NaN, the checks refuse it. A flat array of unboxed doubles rather than an object of
   * two dozen numbers, each its own heap object: a reading lives until its batch's follow-ups are
   * done, and its size is what the young generation copies (docs/performance.md, "Memory and the young generation").
   */
  values: number[];
  cells: number[] | null;
  /** Unknown numeric signals, kept and reported after the known ones. */
  extra: Record<string, number> | null;
  /**
   * Said of a tracker's record (teltonika/avl-readings.ts): the same for every reading whose
   * `extra` has the same keys, the record layout's. A vehicle's state then keeps the newest `extra`
   * whole instead of merging its keys one by one (vehicle-state.ts).
   */
  extraKeys?: object;
}

/** A value left out of a stored reading: the signal's key (`cells` for the cell list) and why. */
export interface Dropped {
  signal: string;
  reason: RejectionReason;
  detail: string;
}

/** A reading to store, with the values left out of it (null when none, the usual case); or why none is. */
export type Parsed =
  { ok: true; reading: Reading; dropped: Dropped[] | null } | { ok: false; reason: RejectionReason; detail: string };

const fail = (reason: RejectionReason, detail: string): Parsed => ({ ok: false, reason, detail });

/** A signal value: a finite number; booleans count as 1 and 0 (charge status, limp mode). */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A device's key as it may appear in an answer or a log: control characters and lone surrogates shown as U+FFFD. */
const printable = (key: string) => key.slice(0, TELEMETRY_LIMITS.maxExtraKeyLength).replace(UNPRINTABLE, '\ufffd');

/**
 * Why an unknown signal's name cannot be stored, or null when it can. PostgreSQL's jsonb refuses
 * \u0000 and lone surrogates outright (the whole batch with them), and a control character has no
 * place in a report column's name. Runs for unknown signals only, a few per reading at most.
 */
export function badSignalName(name: string): string | null {
  if (name.length === 0 || name.length > TELEMETRY_LIMITS.maxExtraKeyLength)
    return `an unknown signal's name must be 1 to ${TELEMETRY_LIMITS.maxExtraKeyLength} characters`;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return "an unknown signal's name holds a control character";
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = i + 1 < name.length ? name.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || low < 0xdc00 || low > 0xdfff) return "an unknown signal's name holds a lone UTF-16 surrogate";
      i++;
    }
  }
  return null;
}

/** A value left out for being outside its signal's range. */
export const outOfRange = (signal: string, value: number, range: SignalRange): Dropped => ({
  signal,
  reason: 'out_of_range',
  detail: `${signal} ${value} is outside ${range.min} to ${range.max}`,
});

function timestamp(raw: unknown): number | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw < 1e11 ? raw * 1000 : raw; // seconds or ms
  if (typeof raw === 'string' && raw.length <= 40) {
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** Why a reading of time `ts` is refused as `now`'s clock sees it, or null when its time is fine. */
export function refusedTime(ts: number, now: number): Parsed | null {
  if (ts > now + TELEMETRY_LIMITS.maxFutureMs) return fail('future_timestamp', 'ts is in the future');
  if (ts < now - TELEMETRY_LIMITS.maxAgeMs) return fail('too_old', 'ts is too old');
  return null;
}

/**
 * A known signal's value put in its place. A value outside its physical range is dropped, noted in
 * `dropped` (made when first needed, and returned), and the rest of the reading kept: one glitching
 * sensor must not cost the position, the charge and the other signals measured with it.
 */
export function putKnown(values: number[], place: SignalPlace, value: number, dropped: Dropped[] | null) {
  const { range } = place;
  if (value >= range.min && value <= range.max) values[place.index] = value;
  else (dropped ??= []).push(outOfRange(place.key, value, range));
  return dropped;
}

/** Whether an unknown signal's value can be stored: a number JSON and a double both hold exactly. */
export const unknownInRange = (value: number) => value >= UNKNOWN_SIGNAL_RANGE.min && value <= UNKNOWN_SIGNAL_RANGE.max;

/**
 * A reading's cells as stored: the list itself when every cell is within the cells' range, else
 * null with the first outside noted in `dropped`. The cells are a list from cell 1: one cannot be
 * left out without shifting the others.
 */
export function checkedCells(cells: number[], dropped: Dropped[] | null): [number[] | null, Dropped[] | null] {
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v >= CELL_MIN && v <= CELL_MAX) continue;
    const detail = `cell ${i + 1} ${v} is outside ${CELL_MIN} to ${CELL_MAX}: the cells are left out`;
    (dropped ??= []).push({ signal: 'cells', reason: 'out_of_range', detail });
    return [null, dropped];
  }
  return [cells, dropped];
}

/**
 * Checks one reading by hand rather than with zod: it runs 20,000 times a second and a schema
 * library costs several times as much per field.
 */
export function parseReading(raw: unknown, now: number): Parsed {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('not_a_reading', 'a reading is a JSON object');
  const input = raw as Record<string, unknown>;
  const ts = timestamp(input.ts ?? input.timestamp);
  if (ts === undefined) return fail('bad_timestamp', 'ts must be an ISO 8601 time or epoch milliseconds');
  const refused = refusedTime(ts, now);
  if (refused !== null) return refused;

  const values = noValues();
  let extra: Record<string, number> | null = null;
  let extraCount = 0;
  let dropped: Dropped[] | null = null;
  for (const key in input) {
    if (RESERVED.has(key)) continue;
    const value = numeric(input[key]);
    if (value === undefined) {
      if (input[key] === null) continue;
      return fail('bad_value', `${printable(key)} must be a finite number`);
    }
    const place = PLACES.get(key);
    if (place !== undefined) {
      dropped = putKnown(values, place, value, dropped);
      continue;
    }
    if (++extraCount > TELEMETRY_LIMITS.maxExtraSignals)
      return fail('bad_value', `more than ${TELEMETRY_LIMITS.maxExtraSignals} unknown signals`);
    const badName = badSignalName(key);
    if (badName !== null) (dropped ??= []).push({ signal: printable(key), reason: 'bad_signal_name', detail: badName });
    else if (!unknownInRange(value)) (dropped ??= []).push(outOfRange(key, value, UNKNOWN_SIGNAL_RANGE));
    else (extra ??= {})[key] = value;
  }

  let cells: number[] | null = null;
  if (input.cells !== undefined && input.cells !== null) {
    if (!Array.isArray(input.cells) || input.cells.length > MAX_CELLS)
      return fail('bad_cells', `cells must be an array of at most ${MAX_CELLS} numbers`);
    // Checked in place: the parsed array itself becomes the reading's cells, no copy per reading.
    const list = input.cells as number[];
    for (let i = 0; i < list.length; i++) {
      const v = numeric(list[i]);
      if (v === undefined) return fail('bad_cells', `cell ${i + 1} must be a finite number`);
      list[i] = v;
    }
    [cells, dropped] = checkedCells(list, dropped);
  }
  return { ok: true, reading: { ts, values, cells, extra }, dropped };
}

/**
 * A stored reading as the JSON protocol writes it (parseReading's input): what an instance puts on
 * RabbitMQ for the one that holds the vehicle's partition, when it checked the reading itself.
 */
export function readingJson(reading: Reading): Record<string, unknown> {
  const json: Record<string, unknown> = { ts: reading.ts };
  for (let i = 0; i < STORED_SIGNALS.length; i++)
    if (!Number.isNaN(reading.values[i])) json[STORED_SIGNALS[i]] = reading.values[i];
  if (reading.cells) json.cells = reading.cells;
  return reading.extra ? Object.assign(json, reading.extra) : json;
}

/** A message: one reading, a list of readings, or {readings: [...]}; each checked on its own. */
export function readingsOf(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object' && Array.isArray((body as { readings?: unknown }).readings))
    return (body as { readings: unknown[] }).readings;
  if (body && typeof body === 'object') return [body];
  return null;
}
