import { sumCosts, type ChargingCost, type FleetAnalyticsRow } from '@evfleet/domain';

/** The period's figures of the zones for the whole table. */
export interface FleetTotals {
  /** Per currency: amounts in different currencies never add up. */
  chargingCosts: ChargingCost[];
  depotHours: number;
  plugInReminders: number;
}

export function fleetTotals(rows: readonly FleetAnalyticsRow[]): FleetTotals {
  return {
    chargingCosts: sumCosts(rows.flatMap((row) => row.chargingCosts)),
    depotHours: rows.reduce((sum, row) => sum + row.depotHours, 0),
    plugInReminders: rows.reduce((sum, row) => sum + row.plugInReminders, 0),
  };
}
