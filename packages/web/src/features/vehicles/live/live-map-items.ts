import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { http } from '../../../api/http';
import { queryClient } from '../../../api/query-client';
import type { MapItem } from '../api/map-item';
import { openLiveFeed } from './live-socket';

/**
 * The map items of the signed-in user's vehicles, keyed by vehicle id: seeded by GET
 * api/vehicles/details and kept current by the one live socket, which is open while any component
 * reads the store. An item from the socket replaces the stored one of the same vehicle (§4).
 */
const items = new Map<number, MapItem>();
let snapshot: readonly MapItem[] = [];
const listeners = new Set<() => void>();
let readers = 0;
let closeFeed: (() => void) | null = null;

/**
 * Readers hear of changes at most once a second: with thousands of vehicles reporting, each change
 * re-clusters the whole map, and a marker a second behind is still live to a person watching.
 */
const NOTIFY_EVERY_MS = 1000;
let lastNotified = 0;
let pending: ReturnType<typeof setTimeout> | undefined;

function notify() {
  pending = undefined;
  lastNotified = Date.now();
  snapshot = [...items.values()];
  for (const listener of listeners) listener();
}

function merge(incoming: readonly MapItem[], at: 'now' | 'throttled' = 'throttled') {
  for (const item of incoming) items.set(item.vehicle_id, item);
  if (at === 'now') {
    clearTimeout(pending);
    return notify();
  }
  pending ??= setTimeout(notify, Math.max(0, lastNotified + NOTIFY_EVERY_MS - Date.now()));
}

const newer = (a: MapItem, b: MapItem | undefined) => !b || (a.srv_date_time ?? '') >= (b.srv_date_time ?? '');

/**
 * Replaces the whole set with the REST answer, which is complete (vehicles no longer visible drop
 * out), except where the socket already delivered something fresher while the call was under way.
 */
function replaceAll(all: readonly MapItem[]) {
  const previous = new Map(items);
  items.clear();
  merge(
    all.map((item) => (newer(item, previous.get(item.vehicle_id)) ? item : previous.get(item.vehicle_id)!)),
    'now',
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Holds the socket open while at least one component uses live items. A reader that loads every
 * item over REST asks the socket for changes only (a list of thousands is slow to read from STOMP).
 */
function useLiveFeed(changesOnly: boolean) {
  useEffect(() => {
    readers += 1;
    closeFeed ??= openLiveFeed((incoming) => merge(incoming), {
      changesOnly,
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: MAP_ITEMS_KEY }),
    });
    return () => {
      readers -= 1;
      if (readers === 0) {
        closeFeed?.();
        closeFeed = null;
        // Nothing outlives its readers: the next page (or the next user) starts from a fresh answer.
        clearTimeout(pending);
        pending = undefined;
        items.clear();
        snapshot = [];
        // The call's answer lived in the store just cleared: the next reader must make it again.
        queryClient.removeQueries({ queryKey: MAP_ITEMS_KEY });
      }
    };
  }, [changesOnly]);
}

export const MAP_ITEMS_KEY = ['vehicles', 'map-items'] as const;
const PREFETCH_KEPT_MS = 10_000;

const mapItemsQuery = queryOptions({
  queryKey: MAP_ITEMS_KEY,
  queryFn: async ({ signal }) => {
    const all = (await http.get<MapItem[]>('api/vehicles/details', { signal })).data ?? [];
    replaceAll(all);
    return all.length;
  },
  // The store holds the items and the socket keeps them current, so the answer does not go stale;
  // it is dropped with the store when the last reader leaves. Until a reader comes, a prefetched
  // answer is kept long enough for the page that asked for it to mount.
  staleTime: Infinity,
  gcTime: PREFETCH_KEPT_MS,
});

/**
 * Starts the call before its reader mounts (at start-up, or while the page renders, before its lazy
 * parts have loaded): the reader then joins the call in flight instead of starting it after them.
 * Once asked (answered, failed or under way) it does nothing: it runs on every render of the card.
 */
export function prefetchLiveMapItems(): void {
  if (!queryClient.getQueryState(MAP_ITEMS_KEY)) void queryClient.prefetchQuery(mapItemsQuery);
}

/** Every map item the user may see, live; `loading` until the first answer. */
export function useLiveMapItems(): { items: readonly MapItem[]; loading: boolean } {
  const query = useQuery(mapItemsQuery);
  useLiveFeed(true);
  return { items: useSyncExternalStore(subscribe, () => snapshot), loading: query.isPending };
}

/** One vehicle's live map item (position, charge, last reported), or undefined until it has one. */
export function useLiveMapItem(vehicleId: number): MapItem | undefined {
  useLiveFeed(false);
  return useSyncExternalStore(subscribe, () => items.get(vehicleId));
}
