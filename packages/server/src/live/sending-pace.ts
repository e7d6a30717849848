import type { LiveSession, MapItems } from './live-session.js';

/** One vehicle's item is sent at most once a second however often it reports. */
const PER_VEHICLE_MS = 1000;
/** A session reads what it may see at least this often, whatever it is told. */
const VISIBILITY_REFRESH_MS = 60_000;

/**
 * Sends each session the items of its pending vehicles: one read of the items for every session,
 * and one sending pace per vehicle for all of them.
 */
export function createSendingPace(items: MapItems) {
  /** When each vehicle's item last went out. */
  const lastSent = new Map<number, number>();

  return async function flush(sessions: Iterable<LiveSession>) {
    const now = Date.now();
    const due = (id: number) => now - (lastSent.get(id) ?? 0) >= PER_VEHICLE_MS;
    const wanted = new Set<number>();
    for (const s of sessions) for (const id of s.pending) if (due(id)) wanted.add(id);
    if (!wanted.size) return;
    for (const id of wanted) lastSent.set(id, now);
    const loaded = new Map((await items.load([...wanted])).map((item) => [item.vehicle_id, item]));
    for (const s of sessions) {
      if (!s.subscription || !s.pending.size) continue;
      const mine = [];
      for (const id of s.pending) {
        if (!wanted.has(id)) continue; // sent less than a second ago: goes in a later frame
        s.pending.delete(id);
        if (!s.visible?.has(id)) continue; // it changed hands while the items were read
        const item = loaded.get(id);
        if (item) mine.push(item);
      }
      if (mine.length) s.deliver(mine);
      if (Date.now() - s.visibleAt > VISIBILITY_REFRESH_MS) void s.refreshVisible(items).catch(() => undefined);
    }
  };
}
