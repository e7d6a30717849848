import { monthPeriod, savings, type DashboardCards, type DashboardFactors } from '@evfleet/domain';
import { resolveScope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { dashboardRepository as repo } from './dashboard.repository.js';
import { dashboardSettings } from './dashboard-settings.js';

/** The dashboard's counts and computed cards, each within the caller's scope (docs/dashboard.md). */
export function createDashboardService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    counts: async (by: AuthUser) => repo.counts(db, await resolveScope(db, by)),

    async cards(by: AuthUser): Promise<DashboardCards> {
      const scope = await resolveScope(db, by);
      const period = monthPeriod(now());
      const [totals, factors] = await Promise.all([
        repo.period(db, scope, period.from, period.to),
        dashboardSettings.get(db),
      ]);
      const saved = savings(totals.miles, totals.kwh, factors);
      return {
        vehicles: totals.vehicles,
        miles: totals.miles,
        chargeConsumption: { kwh: totals.kwh, period },
        hoursCharging: { hours: totals.seconds / 3600, period },
        serviceIncidents: { count: totals.incidents, period },
        emission: { co2SavedKg: saved.co2SavedKg, gallonsSaved: saved.gallonsSaved, period },
        dollarsSaved: {
          total: saved.total,
          runningCostSaved: saved.runningCostSaved,
          maintenanceSaved: saved.maintenanceSaved,
          period,
        },
        factors,
      };
    },

    settings: () => dashboardSettings.get(db),
    saveSettings: (factors: DashboardFactors) => dashboardSettings.set(db, factors),
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
