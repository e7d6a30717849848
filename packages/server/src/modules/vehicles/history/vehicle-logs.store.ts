import type { VehicleLogRecord, VehicleLogType, VehicleLogWrite } from '@evfleet/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { warningLog } from '../../../db/telemetry-schema.js';
import type { RecordStore } from '../../records/index.js';
import { assertVehiclesExist, readableVehicles } from '../../records/index.js';

/** The attribute a log written by hand is filed under (the alert engine never uses it). */
export const MANUAL_ATTRIBUTE = 'manual';

/** The warning log seen as the seed's VehicleLog: GOOD is the log's NORMAL (docs/records.md). */
const typeOf = (warningType: VehicleLogType) => (warningType === 'GOOD' ? 'NORMAL' : warningType);
const warningTypeOf = (type: string): VehicleLogType => (type === 'NORMAL' ? 'GOOD' : (type as VehicleLogType));

const columns = {
  id: warningLog.id,
  date: warningLog.date,
  type: warningLog.type,
  message: warningLog.notificationContent,
  vehicleId: warningLog.vehicleId,
  vehicleName: vehicle.name,
  attributeName: warningLog.attributeName,
  value: warningLog.value,
  manual: warningLog.manual,
};
const SORT = { logTime: warningLog.date, id: warningLog.id };

const present = (r: {
  id: number;
  date: Date;
  type: string;
  message: string | null;
  vehicleId: number;
  vehicleName: string;
  attributeName: string;
  value: number | null;
  manual: boolean;
}): VehicleLogRecord => ({
  id: r.id,
  logTime: r.date.toISOString(),
  warningType: warningTypeOf(r.type),
  message: r.message,
  vehicle: { id: r.vehicleId, name: r.vehicleName },
  attributeName: r.attributeName,
  value: r.value,
  manual: r.manual,
});

/** What an administrator enters or corrects; either way the entry is marked manual. */
const valuesOf = (input: VehicleLogWrite) => ({
  vehicleId: input.vehicle,
  type: typeOf(input.warningType),
  date: input.logTime ? new Date(input.logTime) : new Date(),
  notificationContent: input.message,
  manual: true,
  updated: new Date(),
});

export function vehicleLogsStore(): RecordStore<VehicleLogRecord, VehicleLogWrite, number> {
  const select = (db: Db) =>
    db.select(columns).from(warningLog).innerJoin(vehicle, eq(vehicle.id, warningLog.vehicleId));
  return {
    async list(db, scope, { limit, offset, sort, vehicleId }) {
      const where = and(
        await readableVehicles(db, scope, 'warningLogs'),
        vehicleId === undefined ? undefined : eq(warningLog.vehicleId, vehicleId),
      );
      const column = SORT[sort.key as keyof typeof SORT];
      const [rows, [{ count }]] = await Promise.all([
        select(db)
          .where(where)
          .orderBy(sort.desc ? desc(column) : asc(column), desc(warningLog.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(warningLog)
          .innerJoin(vehicle, eq(vehicle.id, warningLog.vehicleId))
          .where(where),
      ]);
      return { rows: rows.map(present), total: count };
    },
    get: async (db, scope, id) =>
      (await select(db).where(and(eq(warningLog.id, id), await readableVehicles(db, scope, 'warningLogs')))).map(
        present,
      )[0],
    async create(db, input) {
      await assertVehiclesExist(db, 'vehicleLog', 'vehicle', [input.vehicle]);
      // episode_since only has to be unique for the log's key; a manual entry is an episode of its own.
      const [row] = await db
        .insert(warningLog)
        .values({
          ...valuesOf(input),
          attributeName: MANUAL_ATTRIBUTE,
          name: 'Manual entry',
          episodeSince: sql`clock_timestamp()`,
        })
        .returning({ id: warningLog.id });
      return row.id;
    },
    async update(db, id, input) {
      await assertVehiclesExist(db, 'vehicleLog', 'vehicle', [input.vehicle]);
      const [row] = await db
        .update(warningLog)
        .set(valuesOf(input))
        .where(eq(warningLog.id, id))
        .returning({ id: warningLog.id });
      return row?.id;
    },
    remove: async (db, id) =>
      (await db.delete(warningLog).where(eq(warningLog.id, id)).returning({ id: warningLog.id })).length > 0,
  };
}
