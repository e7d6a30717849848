/**
 * The double nearest a decimal number, made from its digits: what JavaScript's Number reads from
 * the number's text, without the text. A parser that has the digits as numbers saves making a
 * string and reading it again (telemetry/reading-scanner/).
 */

/** Powers of ten a double holds exactly (10^0 to 10^22). */
const EXACT_POWERS = Float64Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Up to 15 digits a double holds exactly, so scaling them by an exact power of ten rounds once. */
export const EXACT_DIGITS = 15;
/** The most digits `decimalDouble` takes: 15 and 4 more. */
const MAX_DIGITS = 19;

const SPLITTER = 2 ** 27 + 1;
/** A double's top 26 bits: high·high, high·low and low·low of two doubles are each exact (Veltkamp's split). */
const highHalf = (a: number) => {
  const t = SPLITTER * a;
  return t - (t - a);
};
/** What rounding took from a·b, given product = a·b rounded: the two add up to a·b exactly (Dekker's product). */
function productError(a: number, b: number, product: number): number {
  const aHigh = highHalf(a);
  const aLow = a - aHigh;
  const bHigh = highHalf(b);
  const bLow = b - bHigh;
  return aHigh * bHigh - product + aHigh * bLow + aLow * bHigh + aLow * bLow;
}

const BITS = new Float64Array(1);
const WORDS = new Uint32Array(BITS.buffer);
/** The index of a double's high 32-bit word in WORDS: its sign, exponent and top of its fraction. */
const HIGH = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 1 : 0;

/**
 * The double nearest (head · 10^tailDigits + tail) · 10^scale, head the number's first 15
 * significant digits and tail the next tailDigits (0 to 4), as Number reads the number's text; NaN
 * when it is not made here (a caller then reads the text).
 * - 15 digits or fewer with |scale| ≤ 22: one division or product of two exact doubles, rounded
 *   once, is the nearest double (Clinger's fast path).
 * - 16 to 19 digits, a fraction (scale −22 to −1), as JavaScript writes many doubles
 *   (3.2600000000000002): the quotient is computed and checked against the exact remainder
 *   (Dekker's product), and moved to its neighbour when that is nearer; a case too close to call
 *   (a tie, a power of two) is left to the text.
 */
export function decimalDouble(head: number, tail: number, tailDigits: number, scale: number): number {
  if (tailDigits > 0) return longDecimalDouble(head, tail, tailDigits, scale);
  if (scale < -22 || scale > 22) return Number.NaN;
  return scale >= 0 ? head * EXACT_POWERS[scale] : head / EXACT_POWERS[-scale];
}

/** decimalDouble of 16 digits or more: kept apart, so that the usual case stays small enough to be inlined. */
function longDecimalDouble(head: number, tail: number, tailDigits: number, scale: number): number {
  if (tailDigits > MAX_DIGITS - EXACT_DIGITS || scale < -22 || scale >= 0) return Number.NaN;
  // The digits exactly, as high + low: head · 10^tailDigits + tail.
  const power = EXACT_POWERS[tailDigits];
  const product = head * power;
  const high = product + tail;
  const low = tail - (high - product) + productError(head, power, product);
  const divisor = EXACT_POWERS[-scale];
  const q = (high + low) / divisor;
  // What the quotient leaves of the digits, nearly exactly: high − q·divisor is exact (the two are close).
  const qHigh = q * divisor;
  const remainder = high - qHigh + low - productError(q, divisor, qHigh);
  BITS[0] = q;
  const exponent = (WORDS[HIGH] >>> 20) & 0x7ff;
  if ((WORDS[HIGH] & 0xfffff) === 0 && WORDS[1 - HIGH] === 0) return Number.NaN; // a power of two: uneven neighbours
  WORDS[HIGH] = (exponent - 52) << 20; // the step between q and its neighbours: 2^(q's exponent − 52)
  WORDS[1 - HIGH] = 0;
  const ulp = BITS[0];
  const half = (ulp * divisor) / 2; // half a step of q, in the digits' units
  const distance = Math.abs(remainder);
  if (Math.abs(distance - half) <= half * 2 ** -20) return Number.NaN; // a tie, or too close to call
  if (distance < half) return q;
  if (distance < 3 * half) return remainder > 0 ? q + ulp : q - ulp;
  return Number.NaN;
}
