import { z } from 'zod';

/** GET api/dashboard/dashboardCounts (part 2 §3 "Dashboard data"), counted within the caller's scope. */
export const dashboardCountsSchema = z.object({
  totalVehicles: z.number().int(),
  totalDealers: z.number().int(),
  totalFleets: z.number().int(),
  totalDrivers: z.number().int(),
  totalVehiclesUnassigned: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

/** The live cards of §2 "Dashboard" with the count each shows. */
export const DASHBOARD_COUNT_CARDS = [
  { key: 'totalVehicles', title: 'Total Vehicle' },
  { key: 'totalDealers', title: 'Total dealers' },
  { key: 'totalFleets', title: 'Total Fleets' },
  { key: 'totalDrivers', title: 'Total Drivers' },
  { key: 'totalVehiclesUnassigned', title: 'Unassigned' },
] as const satisfies readonly { key: keyof DashboardCounts; title: string }[];

/**
 * The factors an administrator sets for the Emission and Dollars Saved cards (docs/dashboard.md):
 * the gasoline vehicle each electric one replaces, and what energy and upkeep cost.
 */
/** The form's text boxes hold '8.887'; a decimal text is read as its number, anything else is refused. */
const decimalText = (v: unknown) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);
const factor = (max: number) =>
  z.preprocess(
    decimalText,
    z
      .number({ error: 'This field should be a number.' })
      .finite('This field should be a number.')
      .min(0, 'Min')
      .max(max, 'Max'),
  );
export const dashboardFactorsSchema = z.object({
  /** Miles per gallon of the gasoline vehicle replaced. */
  gasolineMpg: factor(200).pipe(z.number().positive('Min')),
  /** kg of CO2 from burning one gallon of gasoline (EPA: 8.887). */
  co2KgPerGallon: factor(100),
  /** kg of CO2 per kWh of grid electricity (US average about 0.37); 0 counts charging as clean. */
  gridCo2KgPerKwh: factor(10),
  /** Price of a gallon of gasoline, dollars. */
  gasolinePricePerGallon: factor(100),
  /** Price of a kWh of electricity, dollars. */
  electricityPricePerKwh: factor(10),
  /** Maintenance an electric vehicle saves per mile against a gasoline one, dollars. */
  maintenanceSavedPerMile: factor(10),
});
export type DashboardFactors = z.infer<typeof dashboardFactorsSchema>;

export const DEFAULT_DASHBOARD_FACTORS: DashboardFactors = {
  gasolineMpg: 20,
  co2KgPerGallon: 8.887,
  gridCo2KgPerKwh: 0.37,
  gasolinePricePerGallon: 3.5,
  electricityPricePerKwh: 0.15,
  maintenanceSavedPerMile: 0.04,
};

export const DASHBOARD_FACTOR_LABELS: Record<keyof DashboardFactors, string> = {
  gasolineMpg: 'Gasoline vehicle miles per gallon',
  co2KgPerGallon: 'CO2 per gallon of gasoline (kg)',
  gridCo2KgPerKwh: 'CO2 per kWh of grid electricity (kg)',
  gasolinePricePerGallon: 'Gasoline price per gallon ($)',
  electricityPricePerKwh: 'Electricity price per kWh ($)',
  maintenanceSavedPerMile: 'Maintenance saved per mile ($)',
};

/** The span a computed card covers: from (inclusive) to (exclusive), ISO dates in UTC, and its wording. */
export const cardPeriodSchema = z.object({ from: z.string(), to: z.string(), label: z.string() });
export type CardPeriod = z.infer<typeof cardPeriodSchema>;

/** The days the cards' trend lines cover: the last 30, today (UTC) the last of them. */
export const TREND_DAYS = 30;

/** One day of the cards' trends: what the caller's vehicles did that day (UTC). */
export const trendDaySchema = z.object({
  /** ISO date. */
  day: z.string(),
  miles: z.number(),
  kwh: z.number(),
  chargingHours: z.number(),
  incidents: z.number().int(),
});
export type TrendDay = z.infer<typeof trendDaySchema>;

/** GET api/dashboard/cards: the cards the seed left static, computed for the caller's vehicles. */
export const dashboardCardsSchema = z.object({
  /** Vehicles the figures cover (the caller's scope). */
  vehicles: z.number().int(),
  /** Miles driven in the period (odometer). */
  miles: z.number(),
  chargeConsumption: z.object({ kwh: z.number(), period: cardPeriodSchema }),
  hoursCharging: z.object({ hours: z.number(), period: cardPeriodSchema }),
  serviceIncidents: z.object({ count: z.number().int(), period: cardPeriodSchema }),
  emission: z.object({ co2SavedKg: z.number(), gallonsSaved: z.number(), period: cardPeriodSchema }),
  dollarsSaved: z.object({
    total: z.number(),
    runningCostSaved: z.number(),
    maintenanceSaved: z.number(),
    period: cardPeriodSchema,
  }),
  factors: dashboardFactorsSchema,
  /** The last TREND_DAYS days, oldest first, every day present (a quiet day holds zeros). */
  trend: z.array(trendDaySchema),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

export const DASHBOARD_CARD_TITLES = {
  dollarsSaved: 'Dollars Saved',
  emission: 'Emission',
  chargeConsumption: 'Charge Consumption',
  hoursCharging: 'Hours Charging this month',
  serviceIncidents: 'Service incidents this month',
} as const;

/** The TREND_DAYS days ending with `now`'s (UTC), oldest first, as ISO dates. */
export function trendDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: TREND_DAYS }, (_, i) =>
    new Date(today - (TREND_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The current calendar month in UTC, the period of every computed card. */
export function monthPeriod(now: Date): CardPeriod {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const label = `${from.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${from.getUTCFullYear()} (this month, UTC)`;
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10), label };
}

/** Dollars and emissions from miles and charged energy (docs/dashboard.md, "Emission and Dollars Saved"). */
export function savings(miles: number, kwh: number, f: DashboardFactors) {
  const gallonsSaved = miles / f.gasolineMpg;
  const runningCostSaved = gallonsSaved * f.gasolinePricePerGallon - kwh * f.electricityPricePerKwh;
  const maintenanceSaved = miles * f.maintenanceSavedPerMile;
  return {
    gallonsSaved,
    co2SavedKg: gallonsSaved * f.co2KgPerGallon - kwh * f.gridCo2KgPerKwh,
    runningCostSaved,
    maintenanceSaved,
    total: runningCostSaved + maintenanceSaved,
  };
}

/** The card grid of §2/§9; the layout a user arranges is the preference 'dashboardLayout' (preferences.ts). */
export const DASHBOARD_GRID = { cols: 12, rowHeight: 30, width: 1200 } as const;
