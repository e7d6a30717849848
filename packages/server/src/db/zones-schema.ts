import type { Tariff, ZoneGeometry, ZoneKind } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { dealer, fleet } from './schema.js';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('zone_one_owner', sql`num_nonnulls(${t.dealerId}, ${t.fleetId}) = 1`),
    index('zone_dealer_idx').on(t.dealerId),
    index('zone_fleet_idx').on(t.fleetId),
  ],
);
