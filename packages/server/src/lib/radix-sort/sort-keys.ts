/** The key of an empty value (SQL's NULL): all ones, after every number's key in either direction. */
export const EMPTY_KEY = 0xffffffff;

/**
 * Writes at `i` of `hi` and `lo` the sort key of the float8 whose big-endian words are `h` and `l`
 * (as read with DataView.getUint32). A key's unsigned order is PostgreSQL's float8 order: the sign
 * bit flipped for positive numbers, every bit for negative ones; -0 taken as 0, every NaN as one
 * NaN above Infinity. Descending, the key is complemented; an empty value's key (EMPTY_KEY in both
 * words) stays last, since no number's complemented key is all ones.
 */
export function setFloat8Key(hi: Uint32Array, lo: Uint32Array, i: number, h: number, l: number, descending: boolean) {
  if ((h & 0x7ff00000) === 0x7ff00000 && ((h & 0xfffff) | l) !== 0) {
    h = 0x7ff80000; // NaN
    l = 0;
  } else if (h === 0x80000000 && l === 0) h = 0; // -0
  const flip = descending ? 0xffffffff : 0;
  hi[i] = ((h & 0x80000000 ? ~h : h | 0x80000000) ^ flip) >>> 0;
  lo[i] = ((h & 0x80000000 ? ~l : l) ^ flip) >>> 0;
}
