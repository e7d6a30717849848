import { whPerMileOutliers, type FleetAnalyticsRow } from '@evfleet/domain';

/** One bar of the Wh/mi ranking: the figure sits in `whPerMile` or, for an outlier, in `outlier`. */
export interface RankedVehicle {
  name: string;
  whPerMile?: number;
  outlier?: number;
}

/**
 * The vehicles with a Wh/mi figure, best (fewest Wh/mi) first. An outlier's figure is a series of
 * its own, so the chart colours it apart and its legend names it; its name says so too (`outlierName`).
 */
export function whPerMileRanking(
  rows: readonly FleetAnalyticsRow[],
  outlierName: (name: string) => string,
): RankedVehicle[] {
  const outliers = whPerMileOutliers(rows);
  return rows
    .filter((row): row is FleetAnalyticsRow & { whPerMile: number } => row.whPerMile !== null)
    .sort((a, b) => a.whPerMile - b.whPerMile)
    .map((row) =>
      outliers.has(row.vehicleId)
        ? { name: outlierName(row.name), outlier: row.whPerMile }
        : { name: row.name, whPerMile: row.whPerMile },
    );
}
