import {
  effectiveThresholds,
  withAttribute,
  type AlertAttribute,
  type MetricName,
  type PageQuery,
  type VehicleWrite,
} from '@evfleet/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { ThresholdChanges } from '../../../alerts/threshold-changes.js';
import { notVisible, resolveScope, visibleVehicles, allowedScope } from '../../../auth/visibility.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db, Queryable } from '../../../db/client.js';
import type { DeviceRegistry } from '../../../telemetry/devices.js';
import { vehicle } from '../../../db/schema.js';
import { fieldErrors, notFound, refused } from '../../../http/errors.js';
import { listOf } from '../../../db/listing.js';
import { templatesRepository as templates } from '../templates/templates.repository.js';
import { toVehicle, toVehicleRow } from './vehicle.presenter.js';
import { vehicleRecordsRepository as repo } from './vehicle-records.repository.js';
import { checkedValues } from './vehicle-values.js';

const one = async (q: Queryable, where: SQL | undefined) => {
  const row = where && (await repo.find(q, where));
  if (!row) throw notFound('The vehicle');
  return toVehicle(row, new Date().toISOString());
};

/** Turns the thresholds a vehicle is judged by into its new own ones (or throws). */
type ThresholdChange = (current: readonly AlertAttribute[]) => AlertAttribute[];

/** Writes a vehicle's new thresholds, changed from those it is judged by now, under a lock. */
const rewriteThresholds = (db: Db, id: number, change: ThresholdChange) =>
  db.transaction(async (tx) => {
    const current = await repo.lock(tx, id);
    if (!current) throw notFound('The vehicle');
    const template = current.templateId === null ? undefined : await templates.ref(tx, current.templateId);
    const next = change(effectiveThresholds({ own: current.attributes, template: template?.attributes }));
    await repo.update(tx, id, { attributes: next });
    return next;
  });

/**
 * Part 2 §7 "Vehicles": the list, search, detail and the administrators' changes.
 *
 * `devices` forgets a VIN whose vehicle is deleted or renamed: its cached credential goes, and the
 * sessions signed in with it end (telemetry/devices.ts).
 */
export function createVehicleRecordsService({
  db,
  thresholds,
  devices,
}: {
  db: Db;
  thresholds: ThresholdChanges;
  devices: Pick<DeviceRegistry, 'forget'>;
}) {
  const visible = async (by: AuthUser, extra?: SQL) => and(visibleVehicles(await resolveScope(db, by)), extra);
  const admin = (by: AuthUser) => allowedScope(db, by, 'admin');

  /** A change of the thresholds the vehicle is judged by. */
  const changeThresholds = async (by: AuthUser, id: number, change: ThresholdChange) => {
    await admin(by);
    const attributes = await rewriteThresholds(db, id, change);
    await thresholds.vehicles([id]);
    return attributes;
  };

  return {
    async page(by: AuthUser, term: string, page: PageQuery) {
      const { rows, total } = await repo.list(db, await visible(by), term, page);
      const now = new Date().toISOString();
      return listOf(rows, total, (r) => toVehicleRow(r, now));
    },

    async get(by: AuthUser, id: number) {
      const scope = await resolveScope(db, by);
      if (scope.kind === 'none') throw notVisible(scope);
      return one(db, and(visibleVehicles(scope), eq(vehicle.id, id)));
    },

    async create(by: AuthUser, input: VehicleWrite) {
      await admin(by);
      if (input.id) throw refused('A new vehicle cannot already have an ID', 'idexists');
      const id = await db.transaction(async (tx) =>
        repo.insert(tx, { ...(await checkedValues(tx, input, null)), fleetId: null, driverId: null }),
      );
      await thresholds.vehicles([id]);
      return one(db, eq(vehicle.id, id));
    },

    async update(by: AuthUser, input: VehicleWrite) {
      await admin(by);
      if (!input.id) throw refused('An ID is required to update a vehicle', 'idnull');
      const id = input.id;
      const before = await db.transaction(async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current) throw notFound('The vehicle');
        await repo.update(tx, id, await checkedValues(tx, input, current));
        return current.vin;
      });
      if (before !== input.vin) devices.forget(before);
      await thresholds.vehicles([id]);
      return one(db, eq(vehicle.id, id));
    },

    /** Its readings' history stays in can_reading (partitions age out by retention); the rest cascades. */
    async remove(by: AuthUser, id: number) {
      await admin(by);
      const vin = await repo.delete(db, id);
      if (vin === null) throw notFound('The vehicle');
      devices.forget(vin);
      await thresholds.vehicles([id]);
    },

    async setStatus(by: AuthUser, id: number, status: boolean) {
      await admin(by);
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw notFound('The vehicle');
        await repo.update(tx, id, { status });
      });
      return { id, status };
    },

    /** 'Update This Signal Only': one metric's thresholds replaced. */
    async setAttribute(by: AuthUser, id: number, metric: MetricName, attribute: AlertAttribute) {
      if (attribute.name !== metric) throw fieldErrors('attribute', { name: `must be ${metric}` });
      await changeThresholds(by, id, (current) => withAttribute(current, attribute));
      return one(db, eq(vehicle.id, id));
    },

    /** A spreadsheet's thresholds: `apply` turns the current list into the new one (or throws). */
    applySheet: changeThresholds,
  };
}
export type VehicleRecordsService = ReturnType<typeof createVehicleRecordsService>;
