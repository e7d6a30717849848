import type { IoMapping } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './columns.js';
import { vehicle } from './schema.js';

/** How a tracker's IO elements become signals (docs/devices.md "Profiles"): data, not code. */
export const deviceProfile = pgTable(
  'device_profile',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The only protocol with IO elements to map; a column so that another can come. */
    protocol: varchar('protocol', { length: 16 }).$type<'teltonika'>().notNull(),
    mappings: jsonb('mappings').$type<IoMapping[]>().notNull(),
    /** The profile evfleet ships for FMB/FMC trackers: created at start when absent, then edited like any other. */
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('device_profile_name_uq').on(sql`lower(${t.name})`)],
);

/**
 * A vehicle's tracker (at most one): its protocol and the identifier it announces, unique per
 * protocol, so a connection names one vehicle.
 */
export const vehicleTracker = pgTable(
  'vehicle_tracker',
  {
    vehicleId: integer('vehicle_id')
      .primaryKey()
      .references(() => vehicle.id, { onDelete: 'cascade' }),
    protocol: varchar('protocol', { length: 16 }).notNull(),
    identifier: varchar('identifier', { length: 64 }).notNull(),
    profileId: integer('profile_id').references(() => deviceProfile.id),
    lastConnectedAt: instant('last_connected_at'),
    lastAddress: varchar('last_address', { length: 64 }),
  },
  (t) => [
    uniqueIndex('vehicle_tracker_identifier_uq').on(t.protocol, t.identifier),
    index('vehicle_tracker_profile_idx').on(t.profileId),
  ],
);

/**
 * IO elements a tracker sent that its profile does not map: the profile page lists them so a fleet
 * maps what it sees. One row per vehicle and element, its last raw value.
 */
export const trackerIoSeen = pgTable(
  'tracker_io_seen',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    io: integer('io').notNull(),
    lastValue: doublePrecision('last_value'),
    lastSeen: instant('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.io] })],
);

/** Codec 12 commands to a vehicle's tracker: queued until its connection is open, then sent and answered. */
export const trackerCommand = pgTable(
  'tracker_command',
  {
    id: serial('id').primaryKey(),
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    text: varchar('text', { length: 512 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    createdBy: varchar('created_by', { length: 50 }).notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    answeredAt: instant('answered_at'),
    response: text('response'),
  },
  (t) => [index('tracker_command_vehicle_idx').on(t.vehicleId, t.id)],
);
