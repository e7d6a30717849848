import { readingsOf } from '../../../db/reading-history.js';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { vehicle, vehicleTemplate } from '../../../db/schema.js';
import { canReading, trip, vehicleState, warningLog } from '../../../db/telemetry-schema.js';
import { paged } from '../../../db/listing.js';
import type { PageQuery, Severity } from '@evfleet/domain';

const withState = {
  id: vehicle.id,
  name: vehicle.name,
  vin: vehicle.vin,
  timeZone: vehicle.timeZone,
  dealerId: vehicle.dealerId,
  fleetId: vehicle.fleetId,
  values: vehicleState.values,
  cells: vehicleState.cells,
  lastReported: vehicleState.lastReported,
  canLastReported: vehicleState.canLastReported,
  gpsLastReported: vehicleState.gpsLastReported,
  lastChargedAt: vehicleState.lastChargedAt,
};
/** A point of a vehicle's route. */
const ROUTE_COLUMNS = {
  ts: canReading.ts,
  lat: canReading.gpsLat,
  lng: canReading.gpsLong,
  speed: canReading.speed,
  heading: canReading.heading,
};
export type VehicleWithState = Awaited<ReturnType<typeof vehicleDataRepository.withState>>[number];
export type OneVehicleWithState = NonNullable<Awaited<ReturnType<typeof vehicleDataRepository.one>>>;

export const vehicleDataRepository = {
  /** Visible vehicles with their current state (left join: a silent vehicle has none). */
  withState: (db: Db, where: SQL | undefined) =>
    db
      .select(withState)
      .from(vehicle)
      .leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicle.id))
      .where(where)
      .orderBy(asc(vehicle.id)),

  /**
   * Map data items (part 2 §3) of the visible vehicles as one JSON text written by the database: a
   * map of 10,000 vehicles would otherwise spend most of its time making and serialising objects,
   * and plain concatenation is twice as fast as json_build_object. Same shape and values as
   * toMapItem (vehicle-data.presenter.ts), which the live feed uses; the vehicle-data API test holds
   * the two together.
   */
  mapItemsJson: async (db: Db, where: SQL | undefined, now: Date) => {
    const orNull = (text: SQL) => sql`coalesce(${text}, 'null')`;
    // A jsonb number's text is a JSON number; a missing signal is null.
    const signal = (key: string) => orNull(sql`(${vehicleState.values} -> ${key})::text`);
    const time = (column: AnyPgColumn) =>
      orNull(sql`'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`);
    const fields: [string, SQL][] = [
      ['vehicle_id', sql`${vehicle.id}::text`],
      ['vehicle_name', sql`to_json(${vehicle.name})::text`],
      ['src_ip', sql`to_json(${vehicle.vin})::text`],
      ['gps_lat', signal('gpsLat')],
      ['gps_long', signal('gpsLong')],
      ['charge_status', signal('chargeStatus')],
      ['battery_charge', signal('batteryCharge')],
      ['srv_date_time', time(vehicleState.lastReported)],
      ['milesToEmpty', signal('milesToEmpty')],
      ['odometer', signal('odometer')],
      ['can_last_reported', time(vehicleState.canLastReported)],
      ['gps_last_reported', time(vehicleState.gpsLastReported)],
      ['current_gmt_time', sql`${JSON.stringify(now.toISOString())}::text`],
    ];
    const item = sql.join(
      fields.map(([key, text], i) => sql`${`${i === 0 ? '{' : ','}"${key}":`}::text || ${text}`),
      sql` || `,
    );
    const { rows } = await db.execute<{ items: string }>(sql`
      select '[' || coalesce(string_agg(${item} || '}', ',' order by ${vehicle.id}), '') || ']' as items
      from ${vehicle} left join ${vehicleState} on ${vehicleState.vehicleId} = ${vehicle.id}
      ${where ? sql`where ${where}` : sql``}`);
    return rows[0].items;
  },

  /** One vehicle with its state and the thresholds its cells are coloured by (its own and its template's). */
  one: (db: Db, where: SQL) =>
    db
      .select({ ...withState, attributes: vehicle.attributes, templateAttributes: vehicleTemplate.attributes })
      .from(vehicle)
      .leftJoin(vehicleState, eq(vehicleState.vehicleId, vehicle.id))
      .leftJoin(vehicleTemplate, eq(vehicleTemplate.id, vehicle.templateId))
      .where(where)
      .limit(1)
      .then((rows) => rows[0]),

  /** One page of the uncleared log, newest first; `types` keeps only those types. */
  warningLogs: (db: Db, vehicleId: number, page: PageQuery, types?: Severity[]) => {
    const where = and(
      eq(warningLog.vehicleId, vehicleId),
      eq(warningLog.cleared, false),
      types ? inArray(warningLog.type, types) : undefined,
    );
    return paged(db, warningLog, where, page, (limit, offset) =>
      db
        .select()
        .from(warningLog)
        .where(where)
        .orderBy(desc(warningLog.date), desc(warningLog.id))
        .limit(limit)
        .offset(offset),
    );
  },

  allWarningLogs: (db: Db, vehicleId: number) =>
    db
      .select()
      .from(warningLog)
      .where(and(eq(warningLog.vehicleId, vehicleId), eq(warningLog.cleared, false)))
      .orderBy(desc(warningLog.date), desc(warningLog.id)),

  clearWarningLogs: (db: Db, vehicleId: number) =>
    db.update(warningLog).set({ cleared: true, updated: new Date() }).where(eq(warningLog.vehicleId, vehicleId)),

  tripsBetween: (db: Db, vehicleId: number, from: Date, to: Date) =>
    db
      .select({ start: trip.startTs, end: trip.endTs })
      .from(trip)
      .where(and(eq(trip.vehicleId, vehicleId), lte(trip.startTs, to), gte(trip.endTs, from)))
      .orderBy(asc(trip.startTs)),

  route: (db: Db, vehicleId: number, from: Date, to: Date) =>
    db
      .select(ROUTE_COLUMNS)
      .from(readingsOf(vehicleId, from, to, ROUTE_COLUMNS))
      .where(sql`${canReading.gpsLat} is not null and ${canReading.gpsLong} is not null`)
      .orderBy(asc(canReading.ts)),
};
