import {
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, instant, updatedAt } from './columns.js';
import { vehicle } from './schema.js';

/** Generic record "car" (part 2 §3): a name. */
export const car = pgTable('car', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }),
});

/** The texts alert mails use (part 2 §3 EmailTemplate); placeholders are checked when saved. */
export const emailTemplate = pgTable(
  'email_template',
  {
    id: serial('id').primaryKey(),
    template: text('template'),
    /** 'WARNING' or 'SEVERE'. */
    type: varchar('type', { length: 16 }).notNull().default('WARNING'),
    /** The metric it is for; null: any metric without a template of its own. */
    attributeName: varchar('attribute_name', { length: 32 }),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_template_type_idx').on(t.type, t.attributeName)],
);

/** Named recipient lists (part 2 §3 Notification) a vehicle's alerts also go to. */
export const notificationList = pgTable('notification_list', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }),
  emails: text('emails').array().notNull().default([]),
  smsNumbers: text('sms_numbers').array().notNull().default([]),
});

export const vehicleNotification = pgTable(
  'vehicle_notification',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    notificationId: belongsTo('notification_id', () => notificationList.id),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.notificationId] }),
    index('vehicle_notification_list_idx').on(t.notificationId),
  ],
);

/** Who did what, when and from where; written by the server, never changed through the API. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    principal: varchar('principal', { length: 254 }).notNull(),
    type: varchar('type', { length: 64 }).notNull(),
    at: instant('at').notNull().defaultNow(),
    remoteAddress: varchar('remote_address', { length: 64 }),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_event_at_idx').on(t.at), index('audit_event_principal_idx').on(t.principal, t.at)],
);

/** Settings an administrator changes at run time (dashboard factors and the like), by key. */
export const appSetting = pgTable('app_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Per vehicle and day, what the dashboard's computed cards add up (pre-aggregated from can_reading). */
export const vehicleDailyStat = pgTable(
  'vehicle_daily_stat',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    day: date('day', { mode: 'string' }).notNull(),
    miles: doublePrecision('miles').notNull().default(0),
    energyKwh: doublePrecision('energy_kwh').notNull().default(0),
    chargingSeconds: doublePrecision('charging_seconds').notNull().default(0),
    /** Net energy out of the pack while not charging (regeneration subtracts). */
    energyUsedKwh: doublePrecision('energy_used_kwh').notNull().default(0),
    /** Miles along the GPS track while moving: the distance on days without odometer readings. */
    gpsMiles: doublePrecision('gps_miles').notNull().default(0),
    /** Time parked and not charging, and the battery charge (percentage points) lost meanwhile. */
    idleSeconds: doublePrecision('idle_seconds').notNull().default(0),
    idleChargeLost: doublePrecision('idle_charge_lost').notNull().default(0),
    /** Cell spread at rest (highest minus lowest cell, mV): its sum and count give the day's mean. */
    restSpreadSumMv: doublePrecision('rest_spread_sum_mv').notNull().default(0),
    restSpreadCount: integer('rest_spread_count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day] }), index('vehicle_daily_stat_day_idx').on(t.day)],
);

/**
 * Running totals of vehicle_daily_stat: each vehicle's figures from its first day through `day`.
 * A period's sums are two lookups per vehicle (the total at its end minus the total before it)
 * instead of a scan of its days: the fleet table over 10,000 vehicles stays fast however long the
 * period (docs/analytics.md "Fleet efficiency").
 */
export const vehicleRunningTotal = pgTable(
  'vehicle_running_total',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    day: date('day', { mode: 'string' }).notNull(),
    distanceMiles: doublePrecision('distance_miles').notNull(),
    energyUsedKwh: doublePrecision('energy_used_kwh').notNull(),
    energyChargedKwh: doublePrecision('energy_charged_kwh').notNull(),
    idleSeconds: doublePrecision('idle_seconds').notNull(),
    idleChargeLost: doublePrecision('idle_charge_lost').notNull(),
    /** Days on which it covered any distance. */
    drivingDays: integer('driving_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day] })],
);
