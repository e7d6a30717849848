import type { AlertAttribute, IdAndName, PageQuery } from '@evfleet/domain';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isoText } from '../../../db/iso-text.js';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Queryable } from '../../../db/client.js';
import { dealer, fleet, vehicle, vehicleTemplate } from '../../../db/schema.js';
import { vehicleState } from '../../../db/telemetry-schema.js';
import { matches, newestFirst, paged, pagedByIds, qualified } from '../../../db/listing.js';
import { namedColumns } from '../../../db/named-columns.js';
import { writesById } from '../../../db/rows-by-id.js';

type VehicleValues = Omit<typeof vehicle.$inferInsert, 'id' | 'createdAt' | 'deviceTokenHash'>;

/** A list row: the vehicle, its dealer's and template's names, and the state the grid shows. */
const rowColumns = {
  id: vehicle.id,
  name: vehicle.name,
  vin: vehicle.vin,
  status: vehicle.status,
  dealerId: vehicle.dealerId,
  dealerName: dealer.name,
  fleetId: vehicle.fleetId,
  templateId: vehicle.templateId,
  templateName: vehicleTemplate.name,
  gpsLastReported: isoText(vehicleState.gpsLastReported),
  lastReported: isoText(vehicleState.lastReported),
  gpsValue: sql<number | null>`(${vehicleState.values}->>'gpsSignal')::float8`,
  lteValue: sql<number | null>`(${vehicleState.values}->>'lteSignal')::float8`,
  // Only the GPS rule leaves the database (a stored column), not the whole thresholds of 1,000 vehicles;
  // the template's is unpacked only for a vehicle without thresholds of its own.
  gpsRule: sql<AlertAttribute | null>`coalesce(${vehicle.gpsRule}, jsonb_path_query_first(${vehicleTemplate.attributes}, '$[*] ? (@.name == "gpsSignal")'))`,
};

const fleetsOfDealer = sql<
  IdAndName[]
>`coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name) order by f.name, f.id) from fleet f where f.dealer_id = ${qualified(vehicle.dealerId)}), '[]'::json)`;

const detailColumns = {
  ...rowColumns,
  vehicle,
  templateAttributes: vehicleTemplate.attributes,
  fleetName: fleet.name,
  values: vehicleState.values,
  canLastReported: vehicleState.canLastReported,
  dealerFleets: fleetsOfDealer,
};

/**
 * A 1,000-row page is read without Drizzle's row mapping (which cost about half the server's CPU
 * of the call, docs/performance.md): the same columns, named as Drizzle would name them.
 */
const rowSelect = namedColumns(rowColumns);
const joins = sql`left join ${dealer} on ${eq(dealer.id, vehicle.dealerId)} left join ${vehicleTemplate} on ${eq(vehicleTemplate.id, vehicle.templateId)} left join ${vehicleState} on ${eq(vehicleState.vehicleId, vehicle.id)}`;
type Columns = SelectResultFields<typeof rowColumns>;
/** The left-joined names are null for a vehicle of no dealer or template. */
export type VehicleListRow = Omit<Columns, 'dealerName' | 'templateName'> & {
  dealerName: string | null;
  templateName: string | null;
};

const selectDetail = (db: Queryable) =>
  db
    .select(detailColumns)
    .from(vehicle)
    .leftJoin(dealer, eq(dealer.id, vehicle.dealerId))
    .leftJoin(vehicleTemplate, eq(vehicleTemplate.id, vehicle.templateId))
    .leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicle.id))
    .leftJoin(fleet, eq(fleet.id, vehicle.fleetId));
export type VehicleDetailRow = Awaited<ReturnType<typeof selectDetail>>[number];
const writes = writesById(vehicle, { stampUpdatedAt: true });

export const vehicleRecordsRepository = {
  /** A page of visible vehicles, newest first; a term matches name or VIN (trigram indexes). */
  list(db: Queryable, visible: SQL | undefined, term: string, page: PageQuery) {
    const where = and(visible, matches(term, vehicle.name, vehicle.vin));
    return pagedByIds(db, vehicle.id, where, [newestFirst(vehicle.id, term)], page, (among) =>
      db
        .execute<VehicleListRow>(
          sql`select ${rowSelect} from ${vehicle} ${joins} where ${among} order by ${vehicle.id} desc`,
        )
        .then((result) => result.rows),
    );
  },

  find: (db: Queryable, where: SQL) =>
    selectDetail(db)
      .where(where)
      .then((rows) => rows[0]),

  /** The row locked for the rest of the transaction. */
  lock: (tx: Queryable, id: number) =>
    tx
      .select()
      .from(vehicle)
      .where(eq(vehicle.id, id))
      .for('update')
      .then((rows) => rows[0]),

  vinTaken: (db: Queryable, vin: string, exceptId: number) =>
    db
      .select({ id: vehicle.id })
      .from(vehicle)
      .where(and(eq(vehicle.vin, vin), sql`${vehicle.id} <> ${exceptId}`))
      .then((rows) => rows.length > 0),

  insert: (tx: Queryable, values: VehicleValues) => writes.insert(tx, values),
  /** Stamps updated_at. */
  update: (tx: Queryable, id: number, values: Partial<VehicleValues>) => writes.update(tx, id, values),

  /** Deletes the vehicle; answers its VIN, or null when there was none. */
  delete: (tx: Queryable, id: number) =>
    tx
      .delete(vehicle)
      .where(eq(vehicle.id, id))
      .returning({ vin: vehicle.vin })
      .then((rows) => rows[0]?.vin ?? null),

  /** Each visible vehicle named, with its dealer and that dealer's fleets. */
  dealerFleets: (db: Queryable, visible: SQL | undefined, ids: number[]) =>
    db
      .select({
        id: vehicle.id,
        name: vehicle.name,
        vin: vehicle.vin,
        dealerId: vehicle.dealerId,
        dealerName: dealer.name,
        fleets: fleetsOfDealer,
      })
      .from(vehicle)
      .leftJoin(dealer, eq(dealer.id, vehicle.dealerId))
      .where(and(visible, inArray(vehicle.id, ids)))
      .orderBy(vehicle.id),

  /** Visible vehicles in no fleet, with their dealer's name (the /vehicle-can screen). */
  fleetless(db: Queryable, visible: SQL | undefined, page: PageQuery) {
    const where = and(visible, isNull(vehicle.fleetId));
    return paged(db, vehicle, where, page, (limit, offset) =>
      db
        .select({
          id: vehicle.id,
          vin: vehicle.vin,
          name: vehicle.name,
          status: vehicle.status,
          dealerId: vehicle.dealerId,
          dealerName: dealer.name,
        })
        .from(vehicle)
        .leftJoin(dealer, eq(dealer.id, vehicle.dealerId))
        .where(where)
        .orderBy(vehicle.id)
        .limit(limit)
        .offset(offset),
    );
  },
};
