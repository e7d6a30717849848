import { CELL_VOLTAGE_RANGE, MAX_CELLS, SIGNAL_RANGES, TELEMETRY_LIMITS } from '@evfleet/domain';
import { decimalDouble, EXACT_DIGITS as HEAD_DIGITS } from '../../lib/decimal-double.js';
import { STORED_SIGNALS } from '../../readings/reading.js';

const SIGNALS = STORED_SIGNALS.length;
/** A reading's place for its count of cells, after its time and values (parsed-pack.ts's layout). */
const CELL_COUNT = 1 + SIGNALS;
/** What a plain reading takes at most: its time, its values, its count of cells and the cells. */
export const SCANNED_MAX = 2 + SIGNALS + MAX_CELLS;
export const NO_CELLS = -1;
// Read once: a binding imported from the domain package can be a getter, called at every use.
const CELLS_AT_MOST = MAX_CELLS;
const EXACT_DIGITS = HEAD_DIGITS;
const CELL_MIN = CELL_VOLTAGE_RANGE.min;
const CELL_MAX = CELL_VOLTAGE_RANGE.max;
const { maxFutureMs: MAX_FUTURE_MS, maxAgeMs: MAX_AGE_MS } = TELEMETRY_LIMITS;

/** The keys the scanner knows: each stored signal at its place, then the time and the cells. */
const TS = SIGNALS;
const CELLS = SIGNALS + 1;
const KEYS = [...STORED_SIGNALS, 'ts', 'cells'].map((k) => Buffer.from(k, 'latin1'));
const MIN = Float64Array.from(STORED_SIGNALS, (k) => SIGNAL_RANGES[k].min);
const MAX = Float64Array.from(STORED_SIGNALS, (k) => SIGNAL_RANGES[k].max);

/** FNV-1a of a key's bytes, folded to the table's size. */
const FNV_OFFSET = 0x811c9dc5;
const fnv = (h: number, byte: number) => Math.imul(h ^ byte, 0x01000193);
const TABLE_BITS = 8;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const fold = (h: number) => (h ^ (h >>> TABLE_BITS) ^ (h >>> (2 * TABLE_BITS))) & TABLE_MASK;
/** Open addressing: each key's slot + 1, 0 where none is. */
const TABLE = new Int16Array(1 << TABLE_BITS);
KEYS.forEach((key, slot) => {
  let i = fold(key.reduce(fnv, FNV_OFFSET));
  while (TABLE[i] !== 0) i = (i + 1) & TABLE_MASK;
  TABLE[i] = slot + 1;
});

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');
/** A value the plain path does not take. */
const NOT_PLAIN = Number.NaN;
/** A literal null: the signal stays without a value. */
const ABSENT = Number.POSITIVE_INFINITY;

/**
 * Where the last number, value, key or list read ended. The scan keeps its place in locals and
 * hands it on here, once a token: a result object a value would cost more than the value.
 */
let after = 0;
/** The message's number, marking the keys seen in it: a key seen twice is left to JSON.parse. */
let generation = 0;
const seen = new Uint32Array(KEYS.length);

/**
 * JSON's bytes are written as numbers where they are compared, each with its character beside it:
 * a named constant is loaded from the module at every use, in a loop that runs for every byte.
 */
const isDigit = (c: number) => c >= 0x30 && c <= 0x39; // 0 to 9; a digit's value is c − 0x30
/** A byte no number goes on with: not a digit, a point, an exponent's e or a sign. */
const endsNumbers = (c: number) =>
  !isDigit(c) &&
  c !== 0x2e /* . */ &&
  c !== 0x65 /* e */ &&
  c !== 0x45 /* E */ &&
  c !== 0x2b /* + */ &&
  c !== 0x2d; /* - */

/** Past JSON's white space from p. Most messages have none, so the first test is for a byte above it. */
function space(b: Buffer, p: number, stop: number): number {
  for (; p < stop; p++) {
    const c = b[p];
    if (c > 0x20) break; // above the space: no white space
    if (c !== 0x20 /* space */ && c !== 0x0a /* \n */ && c !== 0x0d /* \r */ && c !== 0x09 /* \t */) break;
  }
  return p;
}

/** Whether the literal `word` is at p; `after` is then past it. */
function literal(b: Buffer, p: number, stop: number, word: Uint8Array): boolean {
  if (stop - p < word.length) return false;
  for (let i = 0; i < word.length; i++) if (b[p + i] !== word[i]) return false;
  after = p + word.length;
  return true;
}

/**
 * A JSON number at p (its exact grammar) as JavaScript reads it; NaN when there is none. Made from
 * its digits (decimalDouble); the rare number that cannot be is read by Number from its text.
 *
 * It reads on without looking for the message's end: it stops at the first byte that cannot go on
 * a number, and scanReading takes only a buffer whose last byte is one (endsNumbers), so it never
 * reads past the buffer. A number that runs on past its message leaves `after` beyond the end,
 * which the scan refuses. Checking the end at every digit cost a fifteenth of the scan.
 */
function number(b: Buffer, p: number): number {
  const from = p;
  const negative = b[p] === 0x2d; /* - */
  if (negative) p++;
  // The first 15 significant digits, and those after them.
  let head = 0;
  let tail = 0;
  let digits = 0;
  const headDigits = EXACT_DIGITS; // in a register, not loaded at every digit
  let c = b[p];
  if (c === 0x30 /* 0 */) c = b[++p];
  else if (c > 0x30 /* 0 */ && c <= 0x39 /* 9 */)
    do {
      if (digits++ < headDigits) head = head * 10 + (c - 0x30);
      else tail = tail * 10 + (c - 0x30);
      c = b[++p];
    } while (isDigit(c));
  else return NOT_PLAIN;
  let scale = 0;
  if (c === 0x2e /* . */) {
    const fraction = ++p;
    for (c = b[p]; isDigit(c); c = b[++p]) {
      if (digits === 0 && c === 0x30 /* 0 */) continue; // a zero before the first significant digit
      if (digits++ < headDigits) head = head * 10 + (c - 0x30);
      else tail = tail * 10 + (c - 0x30);
    }
    if (p === fraction) return NOT_PLAIN;
    scale = fraction - p;
  }
  if (c === 0x65 /* e */ || c === 0x45 /* E */) {
    c = b[++p];
    const negativeExponent = c === 0x2d; // -
    if (c === 0x2d /* - */ || c === 0x2b /* + */) c = b[++p];
    const exponentFrom = p;
    let exponent = 0;
    // Beyond a few hundred the value is 0 or Infinity whatever follows: counted no further.
    for (; isDigit(c); c = b[++p]) if (exponent < 1e6) exponent = exponent * 10 + (c - 0x30);
    if (p === exponentFrom) return NOT_PLAIN;
    scale += negativeExponent ? -exponent : exponent;
  }
  after = p;
  // NaN beyond 19 digits, or whatever decimalDouble leaves to the text.
  const value = decimalDouble(head, tail, Math.max(digits - EXACT_DIGITS, 0), scale);
  if (value !== value) return Number(b.toString('latin1', from, p));
  return negative ? -value : value;
}

/** A signal's or a cell's value at p: a finite number, true (1) or false (0), null (ABSENT); NaN for anything else. */
function value(b: Buffer, p: number, stop: number): number {
  const c = p < stop ? b[p] : -1;
  if (c === 0x2d /* - */ || isDigit(c)) {
    const v = number(b, p);
    return Number.isFinite(v) ? v : NOT_PLAIN;
  }
  if (literal(b, p, stop, TRUE)) return 1;
  if (literal(b, p, stop, FALSE)) return 0;
  if (literal(b, p, stop, NULL)) return ABSENT;
  return NOT_PLAIN;
}

/**
 * A reading's time at p: epoch seconds or milliseconds (a finite number), or a text Date.parse reads
 * (an ISO 8601 time, at most 40 characters), in milliseconds; NaN for anything else, as the checks read it.
 */
function time(b: Buffer, p: number, stop: number): number {
  const c = p < stop ? b[p] : -1;
  if (c === 0x2d /* - */ || isDigit(c)) {
    const t = number(b, p);
    if (!Number.isFinite(t)) return NOT_PLAIN;
    return t < 1e11 ? t * 1000 : t; // seconds
  }
  if (c !== 0x22 /* " */) return NOT_PLAIN;
  const from = ++p;
  for (; p < stop && b[p] !== 0x22 /* " */; p++)
    if (b[p] === 0x5c /* \\ */ || b[p] < 0x20 /* space */ || b[p] > 0x7e /* ~ */) return NOT_PLAIN;
  if (p >= stop || p - from > 40) return NOT_PLAIN;
  after = p + 1;
  return Date.parse(b.toString('latin1', from, p));
}

/**
 * The key each key was followed by in the last message (the first key's after the slot past the
 * last): a device sends its keys in the same order every time, so the guess is checked first.
 */
const NEXT = new Int16Array(KEYS.length + 1);
const FIRST = KEYS.length;

/**
 * Each key with its closing quote as little-endian 32-bit words, the last one masked to the bytes it
 * holds: the guess is checked four bytes at a time, read from the message through a DataView
 * (`view`, of the buffer scanned). A byte at a time, checking keys was a sixth of the scan.
 */
const GUESS_BYTES = Int32Array.from(KEYS, (k) => (k.length + 1 + 3) & ~3);
const GUESS_WORDS = Math.max(...GUESS_BYTES) >> 2;
const GUESS_WORD = new Int32Array(KEYS.length * GUESS_WORDS);
const GUESS_MASK = new Int32Array(KEYS.length * GUESS_WORDS);
KEYS.forEach((key, slot) =>
  [...key, 0x22 /* " */].forEach((byte, i) => {
    GUESS_WORD[slot * GUESS_WORDS + (i >> 2)] |= byte << (8 * (i & 3));
    GUESS_MASK[slot * GUESS_WORDS + (i >> 2)] |= 0xff << (8 * (i & 3));
  }),
);
let view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
let viewed: Buffer | null = null;

/**
 * The slot of the key between quotes at p (`after` past its closing quote), -1 for any key the
 * scanner does not know. `guess` is the likely slot.
 */
function key(b: Buffer, p: number, stop: number, guess: number): number {
  if (p >= stop || b[p] !== 0x22 /* " */) return -1;
  const from = ++p;
  const close = from + KEYS[guess].length;
  // b.length, the view's too: DataView's byteLength is a call into a built-in at every key.
  if (close < stop && from + GUESS_BYTES[guess] <= b.length) {
    const base = guess * GUESS_WORDS;
    const words = GUESS_BYTES[guess] >> 2;
    let w = 0;
    while (w < words && (view.getUint32(from + 4 * w, true) & GUESS_MASK[base + w]) === GUESS_WORD[base + w]) w++;
    if (w === words) {
      after = close + 1;
      return guess;
    }
  }
  let h = FNV_OFFSET;
  for (;;) {
    if (p >= stop) return -1;
    const c = b[p];
    if (c === 0x22 /* " */) break;
    // An escape, a control character or anything beyond ASCII: no key the scanner knows.
    if (c === 0x5c /* \\ */ || c < 0x20 /* space */ || c > 0x7e /* ~ */) return -1;
    h = fnv(h, c);
    p++;
  }
  const length = p - from;
  after = p + 1;
  for (let i = fold(h); TABLE[i] !== 0; i = (i + 1) & TABLE_MASK) {
    const slot = TABLE[i] - 1;
    const known = KEYS[slot];
    if (known.length !== length) continue;
    let j = 0;
    while (j < length && known[j] === b[from + j]) j++;
    if (j === length) return slot;
  }
  return -1;
}

/** The list of cells at p, into `out` from `at` on: their count (`after` past the list), -1 when it is not a plain list of cells. */
function cells(b: Buffer, p: number, stop: number, out: Float64Array, at: number): number {
  if (p >= stop || b[p] !== 0x5b /* [ */) return -1;
  p = space(b, p + 1, stop);
  if (p < stop && b[p] === 0x5d /* ] */) {
    after = p + 1;
    return 0;
  }
  for (let count = 0; ;) {
    if (count === CELLS_AT_MOST) return -1;
    const v = value(b, p, stop);
    if (!(v >= CELL_MIN && v <= CELL_MAX)) return -1;
    out[at + count++] = v;
    p = space(b, after, stop);
    const c = p < stop ? b[p] : -1;
    p = space(b, p + 1, stop);
    if (c === 0x5d /* ] */) {
      after = p;
      return count;
    }
    if (c !== 0x2c /* , */) return -1;
  }
}

/**
 * The usual device message read straight from its bytes into `out` at `at`, as parsed-pack.ts lays
 * a reading out (time, values, count of cells, cells): one JSON object of known signals, each value
 * a number, a boolean or null and inside its range, a time the checks take, and cells within their
 * range. Returns where its numbers end, or -1 for any other message, which JSON.parse and the
 * checks (parseMessage) then read: the scanner takes only what they would take whole, and reads
 * it as they would (parse-thread.test.ts compares the two on generated messages). The message is
 * b[start, stop); b's last byte must be one no number goes on with (a closing brace is; the parse
 * thread's buffers end with a zero byte), or every message is left to them.
 */
export function scanReading(b: Buffer, start: number, stop: number, now: number, out: Float64Array, at: number) {
  if (!endsNumbers(b[b.length - 1])) return -1; // number() would read past the buffer
  if (b !== viewed) {
    viewed = b;
    view = new DataView(b.buffer, b.byteOffset, b.length);
  }
  generation++;
  let p = space(b, start, stop);
  if (p >= stop || b[p] !== 0x7b /* { */) return -1;
  out.fill(Number.NaN, at + 1, at + 1 + SIGNALS);
  out[at + CELL_COUNT] = NO_CELLS;
  let cellCount = 0;
  let ts = Number.NaN;
  p = space(b, p + 1, stop);
  for (let previous = FIRST; ;) {
    const slot = key(b, p, stop, NEXT[previous]);
    if (slot < 0 || seen[slot] === generation) return -1;
    seen[slot] = generation;
    NEXT[previous] = slot;
    previous = slot;
    p = space(b, after, stop);
    if (p >= stop || b[p] !== 0x3a /* : */) return -1;
    p = space(b, p + 1, stop);
    if (slot === TS) {
      ts = time(b, p, stop);
      if (ts !== ts) return -1;
    } else if (slot === CELLS) {
      if (literal(b, p, stop, NULL)) cellCount = NO_CELLS;
      else if ((cellCount = cells(b, p, stop, out, at + CELL_COUNT + 1)) < 0) return -1;
      out[at + CELL_COUNT] = cellCount;
    } else {
      const v = value(b, p, stop);
      // Not a value, or outside its range: the checks say which. A null leaves the signal unmeasured.
      if (v >= MIN[slot] && v <= MAX[slot]) out[at + 1 + slot] = v;
      else if (v !== ABSENT) return -1;
    }
    p = space(b, after, stop);
    const c = p < stop ? b[p] : -1;
    p = space(b, p + 1, stop);
    if (c === 0x7d /* } */) break;
    if (c !== 0x2c /* , */) return -1;
  }
  if (p !== stop || ts !== ts) return -1; // something after the object, or no time
  if (ts > now + MAX_FUTURE_MS || ts < now - MAX_AGE_MS) return -1;
  out[at] = ts;
  return at + CELL_COUNT + 1 + Math.max(cellCount, 0);
}
