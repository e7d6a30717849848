import {
  isSustainedSession,
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
import {
  episodeOf,
  ratedOf,
  toChargingSession,
  toFleetDay,
  toFleetRow,
  toSignalSeries,
  toTripFigures,
} from './analytics.presenter.js';
import { analyticsRepository as repo } from './analytics.repository.js';
import { batteryHealthOf } from './battery-health.js';
import { fleetWorkbook } from './fleet-xlsx.js';
import { READINESS_DAYS, readinessOf } from './readiness.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Sessions the capacity and its history stand on. */
const HEALTH_DAYS = 365;
/** The cell spread trend and the weakest cell look this far back. */
const CELLS_DAYS = 90;

/** The width of a chart's buckets: `points` of them over the period, whole minutes from a minute up, at least a second. */
const bucketMsOf = ({ from, to, points }: Period & { points: number }) => {
  const span = Math.ceil((to - from) / points);
  return span >= MINUTE_MS ? Math.ceil(span / MINUTE_MS) * MINUTE_MS : Math.max(1000, span);
};

/** The EV analytics (docs/analytics.md), each call within the caller's scope. */
export function createAnalyticsService({ db }: { db: Db }) {
  const visibleVehicle = (by: AuthUser, id: number, ...access: VehicleAccess[]) =>
    vehicleFor(db, by, (where) => repo.vehicle(db, where), eq(vehicle.id, id), ...access);
  const seen = async (by: AuthUser) => vehicleSeen(await resolveScope(db, by));

  const fleetRows = async (by: AuthUser, { from, to }: Period): Promise<FleetAnalyticsRow[]> =>
    (await repo.fleet(db, await seen(by), from, to)).map(toFleetRow);

  return {
    async chargingSessions(by: AuthUser, id: number, { from, to }: Period): Promise<ChargingSession[]> {
      const v = await visibleVehicle(by, id, 'canDetails');
      return (await repo.chargingSessions(db, v.id, from, to))
        .filter((r) => isSustainedSession(episodeOf(r)))
        .map(toChargingSession);
    },

    async trips(by: AuthUser, id: number, { from, to }: Period): Promise<TripFigures[]> {
      const v = await visibleVehicle(by, id);
      return (await repo.trips(db, v.id, from, to)).map(toTripFigures);
    },

    async batteryHealth(by: AuthUser, id: number): Promise<BatteryHealth> {
      const v = await visibleVehicle(by, id, 'canDetails');
      const now = Date.now();
      const [sessions, chargedKwh, spreadDays, lowCells] = await Promise.all([
        repo.chargingSessions(db, v.id, now - HEALTH_DAYS * DAY_MS, now),
        repo.energyChargedKwh(db, v.id),
        repo.restSpreadDays(db, v.id, now - CELLS_DAYS * DAY_MS),
        repo.lowCellCounts(db, v.id, now - CELLS_DAYS * DAY_MS),
      ]);
      const ratedKwh = ratedOf({ ownRated: v.ratedCapacityKwh, templateRated: v.templateRatedCapacityKwh });
      return batteryHealthOf({ sessions: sessions.map(episodeOf), chargedKwh, spreadDays, lowCells, ratedKwh });
    },

    fleet: fleetRows,
    fleetXlsx: async (by: AuthUser, period: Period) => fleetWorkbook(await fleetRows(by, period), period),

    async fleetDays(by: AuthUser, { from, to }: Period): Promise<FleetDay[]> {
      return (await repo.fleetDays(db, await seen(by), from, to)).map(toFleetDay);
    },

    /** Which vehicles will not finish a usual day (readiness.ts). */
    async readiness(by: AuthUser): Promise<ReadinessRow[]> {
      return readinessOf(await repo.readiness(db, await seen(by), Date.now(), READINESS_DAYS));
    },

    async signalSeries(
      by: AuthUser,
      id: number,
      q: Period & { signal: ChartSignal; points: number },
    ): Promise<SignalSeries> {
      const v = await visibleVehicle(by, id, 'canHistory');
      const bucketMs = bucketMsOf(q);
      // Buckets of a minute or more are read from the per-minute summary, shorter ones from the readings.
      const read = bucketMs >= MINUTE_MS ? repo.signalMinuteBuckets : repo.signalBuckets;
      return toSignalSeries(q, bucketMs, await read(db, v.id, q.signal, q.from, q.to, bucketMs));
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
