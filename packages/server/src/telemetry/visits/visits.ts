import { decideVisits, type VisitTrack, type ZoneAlertEvent, type ZoneVisit } from '@evfleet/domain';
import { writeVehicleRows } from '../../db/batches.js';
import type { Db } from '../../db/client.js';
import { CausedEvents } from '../../events/caused-events.js';
import type { FleetEvent, FleetEvents } from '../../events/fleet-events.js';
import { workInOrder } from '../../lib/work-in-order.js';
import { groupByVehicle, type StoredRow } from '../../readings/stored-row.js';
import { crossingEvent, OpenVisits } from './open-visits.js';
import { loadOpenVisits, redecideVisits, writeVisits } from './visit-store.js';
import type { ZoneCache } from './zone-cache.js';

/**
 * Keeps each vehicle's zone visits current as readings arrive (docs/zones.md): in-order readings
 * step the vehicle's stays in memory, against its zones' index (written back once a second); a
 * late reading marks its window, which is decided again from the stored readings up to the newest,
 * so the visits come out the same whatever order readings arrive in. The zone rules are judged on
 * the in-order readings only, as the threshold alerts are. A vehicle taken up again (a restart)
 * starts from its stored open visits: a stay or absence not yet long enough to count starts again
 * at its next reading.
 */
export function createVisitTracker(
  db: Db,
  zones: ZoneCache,
  /** Records what the zone rules found (the zones module's alerts). */
  alertsFound?: (found: ZoneAlertEvent[]) => Promise<void>,
  /** Where entering and leaving a zone go out (the webhooks' outbox). */
  events?: FleetEvents,
) {
  const open = new OpenVisits();
  /** The visits that began or ended, each waiting for its write to go out with it. */
  const crossed = new CausedEvents<ZoneVisit>(db, events);
  const queue = workInOrder();

  const applyBatch = async (rows: StoredRow[]) => {
    const groups = groupByVehicle(rows);
    await zones.ensure(groups.keys());
    const unmet = [...groups.keys()].filter((id) => !open.has(id));
    if (unmet.length)
      for (const [vehicleId, stand] of await loadOpenVisits(db, unmet)) {
        const dwellOf = (zoneId: number) => zones.of(vehicleId).zone(zoneId)?.dwellMs ?? 0;
        const visits = stand.open.map((visit) => ({ visit, dwellMs: dwellOf(visit.zoneId) }));
        open.meet(vehicleId, visits, stand.lastTs);
      }
    for (const [vehicleId, list] of groups) open.step(vehicleId, list, zones.of(vehicleId));
  };

  /**
   * A vehicle's visits from `from` on, decided again from storage; memory resumes where they end.
   * With `announceTo`, a visit that a reading from `from` to it made count or ended has its event
   * recorded with the write.
   */
  const redecide = async (vehicleId: number, from: number, announceTo?: number) => {
    await zones.ensure([vehicleId]);
    const own = zones.of(vehicleId);
    const longestDwell = Math.max(0, ...own.all.map((z) => z.dwellMs));
    let track: VisitTrack | undefined;
    const crossings: FleetEvent[] = [];
    const announce = (type: 'entered' | 'left', visit: ZoneVisit, at: number) => {
      if (announceTo !== undefined && at >= from && at <= announceTo)
        crossings.push(crossingEvent(type === 'entered' ? 'zone.entered' : 'zone.left', vehicleId, visit, own));
    };
    const points = await redecideVisits(
      db,
      vehicleId,
      from - longestDwell,
      (points) => {
        const decided = decideVisits(points, (p) => own.containing(p.lat, p.lng), announce);
        track = decided.track;
        return decided.visits;
      },
      async (tx) => events?.record(tx, crossings),
    );
    if (track) open.resume(vehicleId, track, points.at(-1)?.ts ?? 0);
  };

  /** Writes changed visits, one begun or ended with its event. */
  const writeChanged = async () => {
    for (const { visit, event } of open.takeCrossings()) crossed.add(visit, event);
    const visits = open.takeChanged();
    // A failure keeps the visits not yet written, and the events they cause, for the next persist.
    await writeVehicleRows(
      visits,
      (batch) =>
        crossed.write(
          batch.map(({ visit }) => visit),
          (q) => writeVisits(q, batch),
        ),
      (unwritten) => unwritten.forEach(({ vehicleId, visit }) => open.changed(vehicleId, visit)),
    );
  };

  return {
    /** Applies batches one after another, in commit order. */
    apply: (rows: StoredRow[]) => queue.run(() => applyBatch(rows)),
    idle: queue.idle,
    /** Readings changed or removed by hand: their window is decided again at the next persist. */
    recompute(vehicleId: number, timestamps: number[]) {
      for (const ts of timestamps) open.markLate(vehicleId, ts);
    },
    /**
     * Vehicles whose readings this instance takes over: their visits from `from` on are decided
     * again. A visit that a reading of the window made count or ended has its event recorded: the
     * previous holder may have died before writing it, and the outbox takes an event it already has once.
     */
    rebuild: (windows: { vehicleId: number; from: number; to: number }[]) =>
      queue.run(async () => {
        for (const { vehicleId, from, to } of windows) {
          open.drop(vehicleId);
          await redecide(vehicleId, from, to);
        }
      }),
    /** Writes changed visits, records what the zone rules found, and decides again the windows late readings touched. */
    persist: () =>
      queue.run(async () => {
        await writeChanged();
        const found = open.takeFound();
        if (found.length) await alertsFound?.(found);
        for (const [vehicleId, from] of open.takeLate()) await redecide(vehicleId, from);
      }),
    /** Zones changed: visits of zones now gone are not written, the next readings see the new shapes. */
    zonesChanged: zones.changed,
  };
}
export type VisitTracker = ReturnType<typeof createVisitTracker>;
