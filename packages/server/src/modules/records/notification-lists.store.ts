import type { NotificationRecord, NotificationWrite, RecordVehicleRef } from '@evfleet/domain';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { vehicleSeen, type Scope } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { notificationList, vehicleNotification } from '../../db/admin-schema.js';
import type { RecordStore } from './record-store.js';
import { assertVehiclesExist } from './record-vehicles.js';
import { qualified } from '../../db/listing.js';

/**
 * A list's linked vehicles the caller may see. Readers other than administrators and staff see the
 * lists that reach at least one of their vehicles, and only those vehicles (docs/permissions.md).
 * Written with table names, since Drizzle leaves columns of a one-table query unqualified.
 */
const LIST_ID = qualified(notificationList.id);
const linked = (scope: Scope) =>
  sql<
    RecordVehicleRef[]
  >`coalesce((select json_agg(json_build_object('id', vehicle.id, 'name', vehicle.name) order by vehicle.name, vehicle.id)
    from vehicle_notification vn join vehicle on vehicle.id = vn.vehicle_id
    where vn.notification_id = ${LIST_ID} and ${vehicleSeen(scope)}), '[]'::json)`;
const reaches = (scope: Scope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : sql`exists (select 1 from vehicle_notification vn join vehicle on vehicle.id = vn.vehicle_id where vn.notification_id = ${LIST_ID} and ${vehicleSeen(scope)})`;

const SORT = { id: notificationList.id, name: notificationList.name };

export function notificationListsStore(): RecordStore<NotificationRecord, NotificationWrite, number> {
  const select = (db: Db, scope: Scope) =>
    db
      .select({
        id: notificationList.id,
        name: notificationList.name,
        emails: notificationList.emails,
        smsNumbers: notificationList.smsNumbers,
        vehicles: linked(scope),
      })
      .from(notificationList);

  /** The list's vehicles become exactly the ones given. */
  const link = async (tx: Pick<Db, 'insert' | 'delete'>, id: number, vehicleIds: number[]) => {
    await tx.delete(vehicleNotification).where(eq(vehicleNotification.notificationId, id));
    if (vehicleIds.length)
      await tx.insert(vehicleNotification).values(vehicleIds.map((vehicleId) => ({ vehicleId, notificationId: id })));
  };
  const valuesOf = (input: NotificationWrite) => ({
    name: input.name,
    emails: input.emails,
    smsNumbers: input.smsNumbers,
  });

  return {
    async list(db, scope, { limit, offset, sort }) {
      const column = SORT[sort.key as keyof typeof SORT];
      const [rows, [{ count }]] = await Promise.all([
        select(db, scope)
          .where(reaches(scope))
          .orderBy(sort.desc ? desc(column) : asc(column), desc(notificationList.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(notificationList)
          .where(reaches(scope)),
      ]);
      return { rows, total: count };
    },
    get: async (db, scope, id) => (await select(db, scope).where(and(eq(notificationList.id, id), reaches(scope))))[0],
    async create(db, input) {
      await assertVehiclesExist(db, 'notification', 'vehicles', input.vehicles);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(notificationList).values(valuesOf(input)).returning({ id: notificationList.id });
        await link(tx, row.id, input.vehicles);
        return row.id;
      });
    },
    async update(db, id, input) {
      await assertVehiclesExist(db, 'notification', 'vehicles', input.vehicles);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(notificationList)
          .set(valuesOf(input))
          .where(eq(notificationList.id, id))
          .returning({ id: notificationList.id });
        if (row) await link(tx, id, input.vehicles);
        return row?.id;
      });
    },
    remove: async (db, id) =>
      (await db.delete(notificationList).where(eq(notificationList.id, id)).returning({ id: notificationList.id }))
        .length > 0,
  };
}
