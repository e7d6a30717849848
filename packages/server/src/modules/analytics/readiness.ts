import { estimatedRangeMiles, whPerMile, type ReadinessRow } from '@evfleet/domain';
import type { analyticsRepository } from './analytics.repository.js';
import { ratedOf, roundOrNull } from './analytics.presenter.js';

/** Readiness judges by the last two weeks of driving. */
export const READINESS_DAYS = 14;

/** A vehicle's charge now, capacities, fleet and its sums over the last days. */
export type ReadinessSums = Awaited<ReturnType<typeof analyticsRepository.readiness>>[number];

/** A fleet's vehicles share their usual daily distance; a vehicle outside a fleet has its own. */
const groupOf = (r: ReadinessSums) => (r.fleetId !== null ? `f${r.fleetId}` : `v${r.vehicleId}`);

/** Miles per driving day of each group; null for a group that did not drive. */
function usualDailyMiles(rows: readonly ReadinessSums[]) {
  const usual = new Map<string, { miles: number; days: number }>();
  for (const r of rows) {
    const u = usual.get(groupOf(r)) ?? { miles: 0, days: 0 };
    usual.set(groupOf(r), { miles: u.miles + r.distance, days: u.days + r.drivingDays });
  }
  return (r: ReadinessSums) => {
    const u = usual.get(groupOf(r));
    return u?.days ? u.miles / u.days : null;
  };
}

/** Not ready first, then ready, then those not enough is known of. */
const order = (r: ReadinessRow) => (r.ready === false ? 0 : r.ready ? 1 : 2);

/**
 * Which vehicles will not finish a usual day: the range the charge left gives at the vehicle's
 * recent Wh/mi, against the usual daily distance of its fleet (its own outside a fleet).
 */
export function readinessOf(rows: readonly ReadinessSums[]): ReadinessRow[] {
  const usualOf = usualDailyMiles(rows);
  return rows
    .map((r) => {
      const usual = usualOf(r);
      const range = estimatedRangeMiles(r.batteryCharge, r.estimated ?? ratedOf(r), whPerMile(r.used, r.distance));
      return {
        vehicleId: r.vehicleId,
        name: r.name,
        fleetName: r.fleetName,
        batteryCharge: r.batteryCharge,
        estimatedRangeMiles: roundOrNull(range, 1),
        usualDailyMiles: roundOrNull(usual, 1),
        ready: range !== null && usual !== null ? range >= usual : null,
        depotName: r.depotName,
        pluggedIn: r.pluggedIn,
      };
    })
    .sort(
      (a, b) =>
        order(a) - order(b) ||
        (a.estimatedRangeMiles ?? Infinity) - (b.estimatedRangeMiles ?? Infinity) ||
        a.name.localeCompare(b.name),
    );
}
