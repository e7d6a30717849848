import { z } from 'zod';
import { SIGNALS, EXTRA_SIGNALS } from './signals.js';

/**
 * The EV analytics contract (docs/analytics.md): what the server answers and the web shows.
 * Times travel as ISO instants; energy in kWh, distance in miles, charge in percent.
 */

const DAY_MS = 86_400_000;
/** The longest period one analytics call may cover. */
export const ANALYTICS_MAX_DAYS = 400;
/** The period a call covers when it names none: the last 30 days. */
export const ANALYTICS_DEFAULT_DAYS = 30;

export const ANALYTICS_TEXTS = {
  badInstant: 'must be a date-time like 2026-01-31T08:00:00.000Z',
  endBeforeStart: 'must be after from',
  tooLong: `must be at most ${ANALYTICS_MAX_DAYS} days after from`,
  unknownSignal: 'must be one of the stored signals',
  points: 'must be a whole number from 10 to 5000',
} as const;

const instant = z.iso.datetime({ offset: true, message: ANALYTICS_TEXTS.badInstant });

/** `?from=ISO&to=ISO`, both optional: `to` defaults to now, `from` to 30 days before `to`. */
export const periodQuerySchema = z
  .object({ from: instant.optional(), to: instant.optional() })
  .transform(({ from, to }, ctx) => {
    const end = to ? Date.parse(to) : Date.now();
    const start = from ? Date.parse(from) : end - ANALYTICS_DEFAULT_DAYS * DAY_MS;
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_TEXTS.endBeforeStart });
    else if (end - start > ANALYTICS_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_TEXTS.tooLong });
    return { from: start, to: end };
  });
export type Period = z.output<typeof periodQuerySchema>;

/** What a trip and a charging session both report: when it began and ended, its energy and the charge at each end. */
const episodeSchema = z.object({
  start: z.string(),
  end: z.string(),
  energyKwh: z.number(),
  startCharge: z.number().nullable(),
  endCharge: z.number().nullable(),
});

export const chargingSessionSchema = episodeSchema.extend({
  peakPowerKw: z.number().nullable(),
  gpsLat: z.number().nullable(),
  gpsLong: z.number().nullable(),
  /** The zone it happened in (docs/zones.md), once it closed; null outside every zone. */
  zoneId: z.number().nullable(),
  /** What it cost at that zone's tariff, to the cent; null without one, or while it is open. */
  cost: z.number().nullable(),
  currency: z.string().nullable(),
});
export type ChargingSession = z.infer<typeof chargingSessionSchema>;

export const tripFiguresSchema = episodeSchema.extend({
  distanceMiles: z.number(),
  /** null for a trip too short to divide by. */
  whPerMile: z.number().nullable(),
  averageSpeedMph: z.number(),
});
export type TripFigures = z.infer<typeof tripFiguresSchema>;

export const batteryHealthSchema = z.object({
  estimatedCapacityKwh: z.number().nullable(),
  ratedCapacityKwh: z.number().nullable(),
  stateOfHealthPercent: z.number().nullable(),
  equivalentFullCycles: z.number().nullable(),
  /** Mean cell spread at rest over the last 7 days with readings at rest. */
  cellSpreadMv: z.number().nullable(),
  /** 1-based. */
  weakestCell: z.number().int().nullable(),
  /** Month by month ('YYYY-MM'), oldest first. */
  history: z.array(
    z.object({
      month: z.string(),
      estimatedCapacityKwh: z.number().nullable(),
      sessions: z.number().int(),
      cellSpreadMv: z.number().nullable(),
    }),
  ),
  /** The cell spread at rest day by day ('YYYY-MM-DD', UTC), the last 90 days, oldest first. */
  cellSpreadTrend: z.array(z.object({ day: z.string(), cellSpreadMv: z.number() })),
});
export type BatteryHealth = z.infer<typeof batteryHealthSchema>;

/** A span's distance, and the energy used and charged over it. */
const distanceAndEnergy = {
  distanceMiles: z.number(),
  energyUsedKwh: z.number(),
  energyChargedKwh: z.number(),
};

/** What charging cost in one currency (docs/zones.md: a session is priced at its zone's tariff). */
export const chargingCostSchema = z.object({ currency: z.string(), cost: z.number() });
export type ChargingCost = z.infer<typeof chargingCostSchema>;

export const fleetAnalyticsRowSchema = z.object({
  vehicleId: z.number().int(),
  name: z.string(),
  ...distanceAndEnergy,
  whPerMile: z.number().nullable(),
  idleDrainPercentPerDay: z.number().nullable(),
  stateOfHealthPercent: z.number().nullable(),
  /** The priced charging sessions begun in the period, summed per currency (usually one). */
  chargingCosts: z.array(chargingCostSchema),
  /** Hours inside depots in the period (their visits, docs/zones.md). */
  depotHours: z.number(),
  /** Plug-in reminders raised in the period. */
  plugInReminders: z.number().int(),
});
export type FleetAnalyticsRow = z.infer<typeof fleetAnalyticsRowSchema>;

/** The visible fleet's figures per UTC day ('YYYY-MM-DD'), oldest first: the charging-energy chart. */
export const fleetDaySchema = z.object({ day: z.string(), ...distanceAndEnergy });
export type FleetDay = z.infer<typeof fleetDaySchema>;

export const readinessRowSchema = z.object({
  vehicleId: z.number().int(),
  name: z.string(),
  fleetName: z.string().nullable(),
  batteryCharge: z.number().nullable(),
  /** Battery charge × capacity ÷ recent Wh/mi; null when one of them is unknown. */
  estimatedRangeMiles: z.number().nullable(),
  /** The usual daily distance of its fleet (or its own, outside a fleet), over the last 14 days. */
  usualDailyMiles: z.number().nullable(),
  /** false: the range is below the usual daily distance. null: not enough is known. */
  ready: z.boolean().nullable(),
  /** The depot the vehicle is in now (an open visit, docs/zones.md), or null. */
  depotName: z.string().nullable(),
  /** Whether its latest reading charges; null when it tells neither charge status nor current. */
  pluggedIn: z.boolean().nullable(),
});
export type ReadinessRow = z.infer<typeof readinessRowSchema>;

/** Signals a chart can draw: every signal stored in a column of its own. */
export const CHART_SIGNALS = [...SIGNALS.map((s) => s.key), ...EXTRA_SIGNALS.map((s) => s.key)] as const;
export type ChartSignal = (typeof CHART_SIGNALS)[number];
export const CHART_DEFAULT_POINTS = 1000;

export const signalSeriesQuerySchema = z
  .object({
    signal: z.enum(CHART_SIGNALS, { error: ANALYTICS_TEXTS.unknownSignal }),
    points: z.coerce
      .number({ error: ANALYTICS_TEXTS.points })
      .int(ANALYTICS_TEXTS.points)
      .min(10, ANALYTICS_TEXTS.points)
      .max(5000, ANALYTICS_TEXTS.points)
      .default(CHART_DEFAULT_POINTS),
    from: instant.optional(),
    to: instant.optional(),
  })
  .transform(({ signal, points, from, to }, ctx) => {
    const period = periodQuerySchema.safeParse({ from, to });
    if (!period.success) {
      for (const issue of period.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { signal, points, ...period.data };
  });

/**
 * A signal over a period, down-sampled on the server: the period is cut into `bucketMs` buckets
 * and each bucket with readings keeps its lowest and highest value (enough to draw every spike).
 * Columnar, as uPlot takes it: `ts[i]` (epoch ms, the bucket's first reading) with `min[i]`, `max[i]`.
 */
export const signalSeriesSchema = z.object({
  signal: z.string(),
  from: z.string(),
  to: z.string(),
  bucketMs: z.number(),
  /** Readings the buckets stand for. */
  readings: z.number().int(),
  ts: z.array(z.number()),
  min: z.array(z.number()),
  max: z.array(z.number()),
});
export type SignalSeries = z.infer<typeof signalSeriesSchema>;

/** Fewer Wh/mi figures than this give quartiles too coarse to call any of them an outlier. */
export const OUTLIER_MIN_VALUES = 4;

/** The quartile at `q` (0..1) of sorted values, interpolating between neighbours (the common "type 7" rule). */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
}

/**
 * The vehicles whose Wh/mi lies beyond Tukey's fences: below the first quartile or above the third
 * by more than 1.5 × the interquartile range. Vehicles without a figure are left out of the
 * quartiles; with fewer than OUTLIER_MIN_VALUES figures nothing is an outlier.
 */
export function whPerMileOutliers(
  rows: readonly Pick<FleetAnalyticsRow, 'vehicleId' | 'whPerMile'>[],
): ReadonlySet<number> {
  const known = rows.filter((row): row is { vehicleId: number; whPerMile: number } => row.whPerMile !== null);
  if (known.length < OUTLIER_MIN_VALUES) return new Set();
  const sorted = known.map((row) => row.whPerMile).sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const reach = 1.5 * (q3 - q1);
  return new Set(
    known.filter((row) => row.whPerMile < q1 - reach || row.whPerMile > q3 + reach).map((row) => row.vehicleId),
  );
}
