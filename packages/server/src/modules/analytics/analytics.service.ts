import {
  effectiveRatedCapacityKwh,
  episodeMiles,
  estimateCapacity,
  estimatedRangeMiles,
  idleDrainPercentPerDay,
  isSustainedSession,
  stateOfHealthPercent,
  whPerMile,
  type BatteryHealth,
  type ChartSignal,
  type ChargingSession,
  type FleetAnalyticsRow,
  type FleetDay,
  type Period,
  type ReadinessRow,
  type SignalSeries,
  type TripFigures,
  type VehicleAccess,
} from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import { resolveScope, vehicleSeen } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { vehicleFor } from '../role-permissions/index.js';
import { analyticsRepository as repo, type EpisodeRow } from './analytics.repository.js';
import { fleetWorkbook } from './fleet-xlsx.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Sessions the capacity and its history stand on. */
const HEALTH_DAYS = 365;
/** The cell spread trend and the weakest cell look this far back. */
const CELLS_DAYS = 90;
/** The current cell spread is the mean of the last days with readings at rest. */
const SPREAD_DAYS = 7;
/** Readiness judges by the last two weeks of driving. */
const READINESS_DAYS = 14;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const roundOrNull = (x: number | null, digits: number) => (x === null ? null : round(x, digits));
const iso = (d: Date) => d.toISOString();
const episodeOf = (r: EpisodeRow) => ({ ...r, start: r.start.getTime(), end: r.end.getTime() });
const ratedOf = (v: { ownRated: number | null; templateRated: number | null }) =>
  effectiveRatedCapacityKwh({ own: v.ownRated, template: v.templateRated });
const spreadOf = (days: readonly { sum: number; count: number }[]) => {
  const count = days.reduce((n, d) => n + d.count, 0);
  return count ? days.reduce((s, d) => s + d.sum, 0) / count : null;
};

/** Issue 17's analytics (docs/analytics.md), each call within the caller's scope. */
export function createAnalyticsService({ db }: { db: Db }) {
  const visibleVehicle = (by: AuthUser, id: number, ...access: VehicleAccess[]) =>
    vehicleFor(db, by, (where) => repo.vehicle(db, where), eq(vehicle.id, id), ...access);
  const seen = async (by: AuthUser) => vehicleSeen(await resolveScope(db, by));

  const fleetRows = async (by: AuthUser, { from, to }: Period): Promise<FleetAnalyticsRow[]> =>
    (await repo.fleet(db, await seen(by), from, to)).map((r) => ({
      vehicleId: r.vehicleId,
      name: r.name,
      distanceMiles: round(r.distance, 2),
      energyUsedKwh: round(r.used, 3),
      energyChargedKwh: round(r.charged, 3),
      whPerMile: roundOrNull(whPerMile(r.used, r.distance), 1),
      idleDrainPercentPerDay: roundOrNull(idleDrainPercentPerDay(r.idleLost, r.idleSeconds), 2),
      stateOfHealthPercent: roundOrNull(stateOfHealthPercent(r.estimated, ratedOf(r)), 1),
    }));

  return {
    async chargingSessions(by: AuthUser, id: number, { from, to }: Period): Promise<ChargingSession[]> {
      const v = await visibleVehicle(by, id, 'canDetails');
      return (await repo.chargingSessions(db, v.id, from, to))
        .filter((r) => isSustainedSession(episodeOf(r)))
        .map((r) => ({
          start: iso(r.start),
          end: iso(r.end),
          startCharge: r.startCharge,
          endCharge: r.endCharge,
          energyKwh: round(r.energyKwh, 3),
          peakPowerKw: roundOrNull(r.peakPowerKw, 2),
          gpsLat: r.gpsLat,
          gpsLong: r.gpsLong,
        }));
    },

    async trips(by: AuthUser, id: number, { from, to }: Period): Promise<TripFigures[]> {
      const v = await visibleVehicle(by, id);
      return (await repo.trips(db, v.id, from, to)).map((r) => {
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
      });
    },

    async batteryHealth(by: AuthUser, id: number): Promise<BatteryHealth> {
      const v = await visibleVehicle(by, id, 'canDetails');
      const now = Date.now();
      const [sessions, charged, spreadDays, lowCells] = await Promise.all([
        repo.chargingSessions(db, v.id, now - HEALTH_DAYS * DAY_MS, now),
        repo.energyChargedKwh(db, v.id),
        repo.restSpreadDays(db, v.id, now - CELLS_DAYS * DAY_MS),
        repo.lowCellCounts(db, v.id, now - CELLS_DAYS * DAY_MS),
      ]);
      const episodes = sessions.map(episodeOf);
      const estimated = estimateCapacity(episodes).capacityKwh;
      const rated = ratedOf({ ownRated: v.ratedCapacityKwh, templateRated: v.templateRatedCapacityKwh });
      const cycleCapacity = rated ?? estimated;

      const months = new Map<string, { sessions: typeof episodes; days: typeof spreadDays }>();
      const month = (key: string) => {
        let m = months.get(key);
        if (!m) months.set(key, (m = { sessions: [], days: [] }));
        return m;
      };
      for (const e of episodes) month(iso(new Date(e.start)).slice(0, 7)).sessions.push(e);
      for (const d of spreadDays) month(d.day.slice(0, 7)).days.push(d);

      return {
        estimatedCapacityKwh: roundOrNull(estimated, 2),
        ratedCapacityKwh: rated,
        stateOfHealthPercent: roundOrNull(stateOfHealthPercent(estimated, rated), 1),
        equivalentFullCycles: cycleCapacity ? round(charged / cycleCapacity, 2) : null,
        cellSpreadMv: roundOrNull(spreadOf(spreadDays.slice(-SPREAD_DAYS)), 1),
        weakestCell: lowCells[0]?.cell ?? null,
        history: [...months]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, m]) => {
            const est = estimateCapacity(m.sessions);
            return {
              month: key,
              estimatedCapacityKwh: roundOrNull(est.capacityKwh, 2),
              sessions: est.sessions,
              cellSpreadMv: roundOrNull(spreadOf(m.days), 1),
            };
          }),
        cellSpreadTrend: spreadDays.map((d) => ({ day: d.day, cellSpreadMv: round(d.sum / d.count, 1) })),
      };
    },

    fleet: fleetRows,
    fleetXlsx: async (by: AuthUser, period: Period) => fleetWorkbook(await fleetRows(by, period), period),

    async fleetDays(by: AuthUser, { from, to }: Period): Promise<FleetDay[]> {
      return (await repo.fleetDays(db, await seen(by), from, to)).map((d) => ({
        day: d.day,
        distanceMiles: round(d.distance, 2),
        energyUsedKwh: round(d.used, 3),
        energyChargedKwh: round(d.charged, 3),
      }));
    },

    /**
     * Which vehicles will not finish a usual day: the range the charge left gives at the vehicle's
     * recent Wh/mi, against the usual daily distance of its fleet (its own outside a fleet).
     */
    async readiness(by: AuthUser): Promise<ReadinessRow[]> {
      const rows = await repo.readiness(db, await seen(by), Date.now(), READINESS_DAYS);
      const usual = new Map<string, { miles: number; days: number }>();
      const groupOf = (r: (typeof rows)[number]) => (r.fleetId !== null ? `f${r.fleetId}` : `v${r.vehicleId}`);
      for (const r of rows) {
        const u = usual.get(groupOf(r)) ?? { miles: 0, days: 0 };
        usual.set(groupOf(r), { miles: u.miles + r.distance, days: u.days + r.drivingDays });
      }
      const order = (r: ReadinessRow) => (r.ready === false ? 0 : r.ready ? 1 : 2);
      return rows
        .map((r) => {
          const u = usual.get(groupOf(r))!;
          const usualDailyMiles = u.days ? u.miles / u.days : null;
          const range = estimatedRangeMiles(r.batteryCharge, r.estimated ?? ratedOf(r), whPerMile(r.used, r.distance));
          return {
            vehicleId: r.vehicleId,
            name: r.name,
            fleetName: r.fleetName,
            batteryCharge: r.batteryCharge,
            estimatedRangeMiles: roundOrNull(range, 1),
            usualDailyMiles: roundOrNull(usualDailyMiles, 1),
            ready: range !== null && usualDailyMiles !== null ? range >= usualDailyMiles : null,
          };
        })
        .sort(
          (a, b) =>
            order(a) - order(b) ||
            (a.estimatedRangeMiles ?? Infinity) - (b.estimatedRangeMiles ?? Infinity) ||
            a.name.localeCompare(b.name),
        );
    },

    async signalSeries(
      by: AuthUser,
      id: number,
      q: Period & { signal: ChartSignal; points: number },
    ): Promise<SignalSeries> {
      const v = await visibleVehicle(by, id, 'canHistory');
      const span = Math.ceil((q.to - q.from) / q.points);
      // Buckets of a minute or more are read from the per-minute summary, shorter ones from the readings.
      const bucketMs = span >= MINUTE_MS ? Math.ceil(span / MINUTE_MS) * MINUTE_MS : Math.max(1000, span);
      const read = bucketMs >= MINUTE_MS ? repo.signalMinuteBuckets : repo.signalBuckets;
      const buckets = await read(db, v.id, q.signal, q.from, q.to, bucketMs);
      return {
        signal: q.signal,
        from: iso(new Date(q.from)),
        to: iso(new Date(q.to)),
        bucketMs,
        readings: buckets.reduce((n, b) => n + b.n, 0),
        ts: buckets.map((b) => Number(b.ts)),
        min: buckets.map((b) => Number(b.min)),
        max: buckets.map((b) => Number(b.max)),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
