import {
  localDate,
  timeSlotText,
  type PageQuery,
  type RoutePoint,
  type Severity,
  type VehicleAccess,
} from '@evfleet/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { mayClearWarningLogs, resolveScope, visibleVehicles } from '../../../auth/visibility.js';
import { vehicleFor } from '../../role-permissions/index.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { forbidden, refused } from '../../../http/errors.js';
import { localDayRange } from '../../../lib/time-zone.js';
import {
  daysSinceCharged,
  toCells,
  toDeviceCanData,
  toDeviceData,
  toWarningLogEntry,
} from './vehicle-data.presenter.js';
import { vehicleDataRepository as repo } from './vehicle-data.repository.js';
import { warningLogsWorkbook } from './warning-logs-xlsx.js';

const DAY_MS = 86_400_000;
export const MOVING_DATES_DAYS = 90;

/** Part 2 §7 "Vehicles": live state, warning logs and route history, each within the caller's scope. */
export function createVehicleDataService({ db, offlineAfterMs }: { db: Db; offlineAfterMs: number }) {
  const visible = async (by: AuthUser, extra?: SQL) => and(visibleVehicles(await resolveScope(db, by)), extra);
  /** A visible vehicle, when the role-permission toggles allow this access to it (docs/permissions.md). */
  const find = (where: SQL) => repo.one(db, where);
  const byVin = (by: AuthUser, vin: string, ...access: VehicleAccess[]) =>
    vehicleFor(db, by, find, eq(vehicle.vin, vin), ...access);
  const byId = (by: AuthUser, id: number, ...access: VehicleAccess[]) =>
    vehicleFor(db, by, find, eq(vehicle.id, id), ...access);

  const tripsOn = async (by: AuthUser, id: number, date: string) => {
    const v = await byId(by, id);
    const { from, to } = localDayRange(date, v.timeZone);
    const trips = await repo.tripsBetween(db, v.id, new Date(from), new Date(to));
    return { v, trips: trips.map((t) => ({ start: t.start.getTime(), end: t.end.getTime() })) };
  };

  return {
    /** The map data items as JSON text, ready to send. */
    mapItemsJson: async (by: AuthUser) => repo.mapItemsJson(db, await visible(by), new Date()),
    vins: async (by: AuthUser) => (await repo.withState(db, await visible(by))).map((v) => v.vin),
    deviceData: async (by: AuthUser, vin: string) => toDeviceData(await byVin(by, vin), Date.now()),
    deviceCanData: async (by: AuthUser, vin: string) => toDeviceCanData(await byVin(by, vin, 'canDetails'), Date.now()),
    cells: async (by: AuthUser, vin: string) => toCells(await byVin(by, vin, 'canDetails')),
    daysSinceCharged: async (by: AuthUser, vin: string) =>
      daysSinceCharged(await byVin(by, vin, 'canDetails'), Date.now()),

    /** Online: reported within the configured silence (default 10 minutes). */
    async onlineOffline(by: AuthUser, online: boolean) {
      const now = Date.now();
      const rows = await repo.withState(db, await visible(by));
      return rows
        .filter((v) => (v.lastReported !== null && now - v.lastReported.getTime() <= offlineAfterMs) === online)
        .map((v) => ({ id: v.id, name: v.name, vin: v.vin, lastReported: v.lastReported?.toISOString() ?? null }));
    },

    async warningLogs(by: AuthUser, vehicleId: number, page: PageQuery, types?: Severity[]) {
      const v = await byId(by, vehicleId, 'warningLogs');
      const { rows, total } = await repo.warningLogs(db, v.id, page, types);
      return { data: rows.map(toWarningLogEntry), totalCount: total };
    },
    async clearWarningLogs(by: AuthUser, vehicleId: number) {
      const v = await byId(by, vehicleId, 'warningLogs');
      if (!mayClearWarningLogs(v.scope, v)) throw forbidden();
      await repo.clearWarningLogs(db, v.id);
    },
    async warningLogsXlsx(by: AuthUser, vehicleId: number) {
      const v = await byId(by, vehicleId, 'warningLogs');
      return warningLogsWorkbook(v.name, await repo.allWarningLogs(db, v.id));
    },

    /** Local dates of the last 90 days (the vehicle's zone) on which it moved. */
    async movingDates(by: AuthUser, vehicleId: number) {
      const v = await byId(by, vehicleId);
      const now = Date.now();
      const trips = await repo.tripsBetween(db, v.id, new Date(now - MOVING_DATES_DAYS * DAY_MS), new Date(now));
      // A trip touches the day it starts and the day it ends (trips are hours long, not days).
      const dates = new Set(
        trips.flatMap((t) => [localDate(t.start.getTime(), v.timeZone), localDate(t.end.getTime(), v.timeZone)]),
      );
      return [...dates].sort();
    },

    /** The trips of a local day as 'HH:mm - HH:mm' texts; the client numbers them from 1. */
    async timeSlots(by: AuthUser, vehicleId: number, date: string) {
      const { v, trips } = await tripsOn(by, vehicleId, date);
      return trips.map((t) => timeSlotText(t, v.timeZone));
    },

    /** The route of one time slot, named by its text or its 1-based number. */
    async route(by: AuthUser, vehicleId: number, date: string, slot: string): Promise<RoutePoint[]> {
      const { v, trips } = await tripsOn(by, vehicleId, date);
      const index = /^\d+$/.test(slot)
        ? Number(slot) - 1
        : trips.findIndex((t) => timeSlotText(t, v.timeZone) === slot);
      const chosen = trips[index];
      if (!chosen) throw refused(`There is no time slot "${slot}" on ${date}.`);
      const points = await repo.route(db, v.id, new Date(chosen.start), new Date(chosen.end));
      // The query keeps only readings with both coordinates.
      return points.map((p) => ({
        ts: p.ts.toISOString(),
        lat: p.lat!,
        lng: p.lng!,
        speed: p.speed,
        heading: p.heading,
      }));
    },
  };
}
export type VehicleDataService = ReturnType<typeof createVehicleDataService>;
