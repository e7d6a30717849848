import { writeVehicleRows } from '../db/batches.js';
import type { Episode } from '@evfleet/domain';
import type { Db, Queryable } from '../db/client.js';
import { CausedEvents } from '../events/caused-events.js';
import type { FleetEvents } from '../events/fleet-events.js';
import { tripEnded } from './episode-events.js';
import { groupByVehicle, type StoredRow } from '../readings/stored-row.js';
import { refreshBatteryEstimates } from './battery-estimates.js';
import { KINDS, loadStarts, resegmentWindow, writeEpisodes } from './episode-store.js';
import { OpenEpisodes } from './open-episodes.js';
import { workInOrder } from '../lib/work-in-order.js';
import { priceClosedSessions } from './visits/charge-costs.js';
import type { ZoneCache } from './visits/zone-cache.js';

/**
 * Keeps each vehicle's trips and charging sessions, with their energy and distance, current as
 * readings arrive: in-order readings step the open episodes in memory (written back once a
 * second); a late reading marks its window, which is segmented again from the stored readings, so
 * the episodes come out the same whatever order readings arrive in. A closed charging session
 * refreshes the vehicle's capacity estimate and is priced at the tariff of the zone it happened in.
 */
export function createEpisodeTracker(
  db: Db,
  zones: ZoneCache,
  /** Where ended trips and charging sessions go out (the webhooks' outbox). */
  events?: FleetEvents,
) {
  const open = new OpenEpisodes();
  /** The trips that closed, each waiting for its last write to go out with it. */
  const ended = new CausedEvents<Episode>(db, events);
  const queue = workInOrder();
  const enqueue = queue.run;

  const applyBatch = async (rows: StoredRow[]) => {
    const groups = groupByVehicle(rows);
    const firsts = open.unmet(groups);
    if (firsts.length) for (const start of await loadStarts(db, firsts)) open.meet(start);
    for (const [vehicleId, list] of groups) open.step(vehicleId, list);
  };

  /** Both kinds of episode in a late reading's window, again from storage; `tripsClosed` as resegmentWindow's. */
  const resegment = async (
    vehicleId: number,
    from: number,
    to: number,
    tripsClosed?: Parameters<typeof resegmentWindow>[4],
  ) => {
    await resegmentWindow(db, vehicleId, from, to, tripsClosed);
    open.resegmented(vehicleId);
  };
  /** Records the trip.ended of a vehicle's trips. */
  const announceTrips = (vehicleId: number) => async (q: Pick<Queryable, 'execute'>, trips: Episode[]) => {
    const tripEvents = trips.map((trip) => tripEnded(vehicleId, trip));
    await events?.record(q, tripEvents);
  };

  /** Writes changed episodes, a closed trip with its trip.ended. */
  const writeChanged = async () => {
    for (const { vehicleId, trip } of open.takeTripsClosed()) ended.add(trip, tripEnded(vehicleId, trip));
    for (const kind of KINDS) {
      const episodes = open.takeChanged(kind);
      if (!episodes.length) continue;
      // A failure keeps the episodes not yet written, and the events they cause, for the next
      // persist (an episode is one object that grows: the one kept is current).
      await writeVehicleRows(
        episodes,
        (batch) =>
          ended.write(
            batch.map(({ episode }) => episode),
            (q) => writeEpisodes(q, kind, batch, 'update'),
          ),
        (unwritten) => unwritten.forEach(({ vehicleId, episode }) => open.changed(kind, vehicleId, episode)),
      );
    }
  };

  /** Refreshes the capacity estimates of vehicles whose charging session closed, and prices the sessions. */
  const priceClosed = async () => {
    const closed = open.takeChargesClosed();
    if (!closed.length) return;
    try {
      await refreshBatteryEstimates(db, closed);
      const vehicles = closed.map((vehicleId) => ({ vehicleId, openStart: open.openChargeStart(vehicleId) }));
      await priceClosedSessions(db, zones, vehicles, events);
    } catch (err) {
      open.chargesStillClosed(closed);
      throw err;
    }
  };

  return {
    /** Applies batches one after another, in commit order. */
    apply: (rows: StoredRow[]) => enqueue(() => applyBatch(rows)),
    idle: queue.idle,
    /** Readings changed or removed by hand: their window is segmented again at the next persist. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) open.markLate(vehicleId, ts);
    },
    /**
     * Vehicles whose readings this instance takes over: their episodes touching [from, to] are
     * segmented again from storage, and what memory held of them (maybe stale) is dropped. A trip
     * that a reading of the window closed has its trip.ended recorded: the previous holder may
     * have died before writing it, and the outbox takes an event it already has once.
     */
    rebuild: (windows: { vehicleId: number; from: number; to: number }[]) =>
      enqueue(async () => {
        for (const { vehicleId, from, to } of windows) {
          open.drop(vehicleId);
          await resegment(vehicleId, from, to, announceTrips(vehicleId));
        }
      }),
    /** Writes changed episodes, re-segments windows that late readings touched, prices closed charging sessions. */
    persist: () =>
      enqueue(async () => {
        await writeChanged();
        for (const [vehicleId, w] of open.takeLate()) await resegment(vehicleId, w.from, w.to);
        await priceClosed();
      }),
  };
}
export type EpisodeTracker = ReturnType<typeof createEpisodeTracker>;
