import {
  effectiveRatedCapacityKwh,
  episodeMiles,
  idleDrainPercentPerDay,
  stateOfHealthPercent,
  roundCost,
  whPerMile,
  type ChargingSession,
  type ChartSignal,
  type FleetAnalyticsRow,
  type FleetDay,
  type Period,
  type SignalSeries,
  type TripFigures,
} from '@evfleet/domain';
import type { analyticsRepository, ChargingRow, EpisodeRow } from './analytics.repository.js';

type Repository = typeof analyticsRepository;
type RowOf<K extends 'fleet' | 'fleetDays' | 'signalBuckets'> = Awaited<ReturnType<Repository[K]>>[number];

export const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
export const roundOrNull = (x: number | null, digits: number) => (x === null ? null : round(x, digits));
export const iso = (d: Date) => d.toISOString();
/** A stored trip or session as the energy rules read it: instants in milliseconds. */
export const episodeOf = (r: EpisodeRow) => ({ ...r, start: r.start.getTime(), end: r.end.getTime() });
export const ratedOf = (v: { ownRated: number | null; templateRated: number | null }) =>
  effectiveRatedCapacityKwh({ own: v.ownRated, template: v.templateRated });

export const toChargingSession = (r: ChargingRow): ChargingSession => ({
  start: iso(r.start),
  end: iso(r.end),
  startCharge: r.startCharge,
  endCharge: r.endCharge,
  energyKwh: round(r.energyKwh, 3),
  peakPowerKw: roundOrNull(r.peakPowerKw, 2),
  gpsLat: r.gpsLat,
  gpsLong: r.gpsLong,
  zoneId: r.zoneId,
  cost: r.cost,
  currency: r.currency,
});

export function toTripFigures(r: EpisodeRow): TripFigures {
  const miles = episodeMiles(r);
  const hours = (r.end.getTime() - r.start.getTime()) / 3_600_000;
  return {
    start: iso(r.start),
    end: iso(r.end),
    distanceMiles: round(miles, 2),
    energyKwh: round(r.energyKwh, 3),
    whPerMile: roundOrNull(whPerMile(r.energyKwh, miles), 1),
    averageSpeedMph: hours > 0 ? round(miles / hours, 1) : 0,
    startCharge: r.startCharge,
    endCharge: r.endCharge,
  };
}

export const toFleetRow = (r: RowOf<'fleet'>): FleetAnalyticsRow => ({
  vehicleId: r.vehicleId,
  name: r.name,
  distanceMiles: round(r.distance, 2),
  energyUsedKwh: round(r.used, 3),
  energyChargedKwh: round(r.charged, 3),
  whPerMile: roundOrNull(whPerMile(r.used, r.distance), 1),
  idleDrainPercentPerDay: roundOrNull(idleDrainPercentPerDay(r.idleLost, r.idleSeconds), 2),
  stateOfHealthPercent: roundOrNull(stateOfHealthPercent(r.estimated, ratedOf(r)), 1),
  chargingCosts: r.chargingCosts.map((c) => ({ currency: c.currency, cost: roundCost(Number(c.cost)) })),
  depotHours: round(r.depotSeconds / 3600, 2),
  plugInReminders: r.plugInReminders,
});

export const toFleetDay = (d: RowOf<'fleetDays'>): FleetDay => ({
  day: d.day,
  distanceMiles: round(d.distance, 2),
  energyUsedKwh: round(d.used, 3),
  energyChargedKwh: round(d.charged, 3),
});

export const toSignalSeries = (
  q: Period & { signal: ChartSignal },
  bucketMs: number,
  buckets: readonly RowOf<'signalBuckets'>[],
): SignalSeries => ({
  signal: q.signal,
  from: iso(new Date(q.from)),
  to: iso(new Date(q.to)),
  bucketMs,
  readings: buckets.reduce((n, b) => n + b.n, 0),
  ts: buckets.map((b) => Number(b.ts)),
  min: buckets.map((b) => Number(b.min)),
  max: buckets.map((b) => Number(b.max)),
});
