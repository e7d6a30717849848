const DIGIT = 16;
const BUCKETS = 1 << DIGIT;

/**
 * Sorts the positions `at` by the unsigned 64-bit keys held in two words (`keyHi[p]`, `keyLo[p]`
 * for position p), keeping the order of `at` among equal keys: a least-significant-digit radix
 * sort, 16 bits a pass; a pass whose digit is the same for every key (the low bits of a float4
 * value widened to float8) is skipped. Returns the sorted positions in a new array, or `at` itself
 * when every key is the same; `at` is never written.
 */
export function stableRadixSort(keyHi: Uint32Array, keyLo: Uint32Array, at: Uint32Array): Uint32Array {
  const m = at.length;
  let hi = new Uint32Array(m);
  let lo = new Uint32Array(m);
  for (let k = 0; k < m; k++) {
    hi[k] = keyHi[at[k]];
    lo[k] = keyLo[at[k]];
  }
  const counts = new Uint32Array(BUCKETS);
  for (let pass = 0; pass < 4; pass++) {
    const keys = pass < 2 ? lo : hi;
    const shift = (pass % 2) * DIGIT;
    counts.fill(0);
    for (let k = 0; k < m; k++) counts[(keys[k] >>> shift) & (BUCKETS - 1)]++;
    if (counts.includes(m)) continue;
    for (let b = 0, sum = 0; b < BUCKETS; b++) {
      const count = counts[b];
      counts[b] = sum;
      sum += count;
    }
    const nextHi = new Uint32Array(m);
    const nextLo = pass < 1 ? new Uint32Array(m) : lo; // the low words are not read after the second pass
    const nextAt = new Uint32Array(m);
    for (let k = 0; k < m; k++) {
      const to = counts[(keys[k] >>> shift) & (BUCKETS - 1)]++;
      nextHi[to] = hi[k];
      if (pass < 1) nextLo[to] = lo[k];
      nextAt[to] = at[k];
    }
    [hi, lo, at] = [nextHi, nextLo, nextAt];
  }
  return at;
}
