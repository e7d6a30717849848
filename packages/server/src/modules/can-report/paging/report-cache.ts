/**
 * A small time-limited cache with a size bound, oldest entry out first. The report keeps two in
 * each instance: the row count of a range (so later pages need no count) and the windows of a
 * range sorted by a signal (so the pages around a window read 50 rows by key instead of reading
 * the range again). Readings arriving meanwhile show up once an entry expires.
 */
export function ttlCache<V>(maxEntries: number, ttlMs: number) {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, { value, expires: Date.now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
