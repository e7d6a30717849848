import type { Tariff, ZoneGeometry, ZoneKind } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './columns.js';
import { dealer, fleet, vehicle } from './schema.js';

/**
 * Depots and zones (docs/zones.md): a place on the map that belongs to exactly one dealer or one
 * fleet. Its owner's delete takes it along (ON DELETE CASCADE): a zone means nothing without its
 * owner, and a dealer or fleet delete is never refused because of its zones.
 */
export const zone = pgTable(
  'zone',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ZoneKind>().notNull(),
    /** GeoJSON: a Polygon, or a Point with `radiusM`; checked by the domain's schema before it is stored. */
    geometry: jsonb('geometry').$type<ZoneGeometry>().notNull(),
    dealerId: integer('dealer_id').references(() => dealer.id, { onDelete: 'cascade' }),
    fleetId: integer('fleet_id').references(() => fleet.id, { onDelete: 'cascade' }),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    minDwellSeconds: integer('min_dwell_seconds').notNull().default(60),
    speedLimitMph: doublePrecision('speed_limit_mph'),
    tariff: jsonb('tariff').$type<Tariff>(),
    /** "HH:mm" in the zone's time zone; a depot's only. */
    eveningTime: varchar('evening_time', { length: 5 }),
    /** A depot's: leaving with less charge (per cent) raises the departure alert. */
    departureChargePercent: doublePrecision('departure_charge_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('zone_one_owner', sql`num_nonnulls(${t.dealerId}, ${t.fleetId}) = 1`),
    index('zone_dealer_idx').on(t.dealerId),
    index('zone_fleet_idx').on(t.fleetId),
  ],
);

/**
 * A vehicle's visits of a zone (docs/zones.md), decided at ingest: from the first reading inside of
 * the stay that counts to the first reading outside of the absence that counts (null while inside),
 * with the distance driven inside.
 */
export const zoneVisit = pgTable(
  'zone_visit',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zone.id, { onDelete: 'cascade' }),
    enteredAt: instant('entered_at').notNull(),
    exitedAt: instant('exited_at'),
    startOdometer: doublePrecision('start_odometer'),
    endOdometer: doublePrecision('end_odometer'),
    gpsMiles: doublePrecision('gps_miles').notNull().default(0),
    /** The last reading inside: the one the sums run to. */
    lastTs: instant('last_ts').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.enteredAt, t.zoneId] }),
    index('zone_visit_zone_idx').on(t.zoneId, t.enteredAt),
    // The visits a period overlaps: those that ended in it or later, and those still open.
    index('zone_visit_exited_idx').on(t.exitedAt),
  ],
);
