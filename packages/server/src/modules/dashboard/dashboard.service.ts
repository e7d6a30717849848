import {
  monthPeriod,
  savings,
  trendDays,
  type DashboardCards,
  type DashboardFactors,
  type TrendDay,
} from '@evfleet/domain';
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
      const days = trendDays(now());
      const tomorrow = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 86_400_000);
      const [totals, factors, daily] = await Promise.all([
        repo.period(db, scope, period.from, period.to),
        dashboardSettings.get(db),
        repo.days(db, scope, days[0], tomorrow.toISOString().slice(0, 10)),
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
        trend: days.map((day): TrendDay => {
          const figures = daily.stats.get(day);
          return {
            day,
            miles: figures?.miles ?? 0,
            kwh: figures?.kwh ?? 0,
            chargingHours: (figures?.seconds ?? 0) / 3600,
            incidents: daily.incidents.get(day) ?? 0,
          };
        }),
      };
    },

    settings: () => dashboardSettings.get(db),
    saveSettings: (factors: DashboardFactors) => dashboardSettings.set(db, factors),
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
