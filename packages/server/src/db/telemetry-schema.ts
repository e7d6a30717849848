import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { belongsTo, instant, updatedAt } from './columns.js';
import { vehicle } from './schema.js';
import { zone } from './zones-schema.js';

const signal = (name: string) => doublePrecision(name);

/**
 * The CAN history: one wide row per reading (ARCHITECTURE "telemetry storage"). The migration
 * creates it partitioned by month on ts (Drizzle does not model partitioning); readings are
 * idempotent on (vehicle_id, ts).
 */
export const canReading = pgTable(
  'can_reading',
  {
    vehicleId: integer('vehicle_id').notNull(),
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    batteryCharge: signal('battery_charge'),
    packVoltage: signal('pack_voltage'),
    chargeStatus: signal('charge_status'),
    battery12v: signal('battery_12v'),
    vehicleCurrent: signal('vehicle_current'),
    limpMode: signal('limp_mode'),
    gear: signal('gear'),
    speed: signal('speed'),
    motorRpm: signal('motor_rpm'),
    controllerTemp: signal('controller_temp'),
    motorTemp: signal('motor_temp'),
    odometer: signal('odometer'),
    daysNotCharged: signal('days_not_charged'),
    gpsLat: signal('gps_lat'),
    gpsLong: signal('gps_long'),
    gpsSignal: signal('gps_signal'),
    lteSignal: signal('lte_signal'),
    milesToEmpty: signal('miles_to_empty'),
    cabinTemp: signal('cabin_temp'),
    brakePressure: signal('brake_pressure'),
    motorCurrent: signal('motor_current'),
    throttle: signal('throttle'),
    heading: signal('heading'),
    cellPackTemp: signal('cell_pack_temp'),
    cells: real('cells').array(),
    extra: jsonb('extra').$type<Record<string, number>>(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.ts] })],
);

/** Each vehicle's current state, kept up to date by the ingest pipeline. */
export const vehicleState = pgTable(
  'vehicle_state',
  {
    vehicleId: integer('vehicle_id')
      .primaryKey()
      .references(() => vehicle.id, { onDelete: 'cascade' }),
    /** Last value of every signal ever reported, known and unknown, by key. */
    values: jsonb('values')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    cells: real('cells').array(),
    lastReported: instant('last_reported'),
    canLastReported: instant('can_last_reported'),
    gpsLastReported: instant('gps_last_reported'),
    lastChargedAt: instant('last_charged_at'),
    /** Since when the vehicle counts as offline (silent for OFFLINE_AFTER_MINUTES), as its event told; null while online. */
    offlineSince: instant('offline_since'),
    updatedAt: updatedAt(),
  },
  (t) => [index('vehicle_state_last_reported_idx').on(t.lastReported)],
);

/** Alert transitions (part 2 §3 warning log): one row per episode entered, and per recovery. */
export const warningLog = pgTable(
  'warning_log',
  {
    id: serial('id').primaryKey(),
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    type: varchar('type', { length: 16 }).notNull(),
    attributeName: varchar('attribute_name', { length: 32 }).notNull(),
    /** The metric's display name at the time. */
    name: varchar('name', { length: 64 }).notNull(),
    value: doublePrecision('value'),
    /** When the transition happened (reading time). */
    date: instant('date').notNull(),
    updated: instant('updated').notNull().defaultNow(),
    notificationContent: text('notification_content'),
    /** Start of the episode; with the type it makes a transition unique, whichever instance saw it. */
    episodeSince: instant('episode_since').notNull(),
    /** True once cleared from the detail page: kept for audits, hidden from the list. */
    cleared: boolean('cleared').notNull().default(false),
    manual: boolean('manual').notNull().default(false),
    /** A zone alert's zone (docs/zones.md), whose delete takes its alerts along; null for a threshold alert. */
    zoneId: integer('zone_id').references(() => zone.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // A zone alert's transition is one per zone; a threshold alert's has no zone (nulls not distinct).
    unique('warning_log_transition_uq')
      .on(t.vehicleId, t.attributeName, t.type, t.episodeSince, t.zoneId)
      .nullsNotDistinct(),
    index('warning_log_vehicle_date_idx').on(t.vehicleId, t.date),
    // The vehicle-logs screen across all vehicles (newest first) and the month's service incidents.
    index('warning_log_date_idx').on(t.date),
    // The zone alerts of a period (the fleet analytics' plug-in reminders).
    index('warning_log_zone_date_idx')
      .on(t.date)
      .where(sql`${t.zoneId} is not null`),
  ],
);

/** Where each metric of each vehicle stands in the alert rule, so a restart neither repeats nor forgets. */
export const alertState = pgTable(
  'alert_state',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    attributeName: varchar('attribute_name', { length: 32 }).notNull(),
    band: varchar('band', { length: 16 }).notNull(),
    since: instant('since').notNull(),
    logged: boolean('logged').notNull(),
    lastNotifiedAt: instant('last_notified_at'),
    lastTs: instant('last_ts'),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.attributeName] })],
);

/**
 * What a trip and a charging session both record (domain/analytics/episodes.ts): the running sums
 * are kept so an open episode can be extended by the next reading without reading storage again.
 */
const episodeColumns = () => ({
  vehicleId: belongsTo('vehicle_id', () => vehicle.id),
  startTs: instant('start_ts').notNull(),
  endTs: instant('end_ts').notNull(),
  /** Net energy out of the pack for a trip, into it for a charging session, in kWh. */
  energyKwh: doublePrecision('energy_kwh').notNull().default(0),
  peakPowerKw: doublePrecision('peak_power_kw'),
  startCharge: doublePrecision('start_charge'),
  endCharge: doublePrecision('end_charge'),
  startOdometer: doublePrecision('start_odometer'),
  endOdometer: doublePrecision('end_odometer'),
  /** Miles along the GPS track: the distance when the odometer is missing. */
  gpsMiles: doublePrecision('gps_miles').notNull().default(0),
  /** Where it began. */
  gpsLat: doublePrecision('gps_lat'),
  gpsLong: doublePrecision('gps_long'),
});

/** Movement split into trips (domain/trips.ts), kept current as readings arrive. */
export const trip = pgTable('trip', episodeColumns(), (t) => [
  primaryKey({ columns: [t.vehicleId, t.startTs] }),
  index('trip_vehicle_end_idx').on(t.vehicleId, t.endTs),
]);

/** Charging split into sessions (domain/analytics/episodes.ts), kept current as readings arrive. */
export const chargingSession = pgTable(
  'charging_session',
  {
    ...episodeColumns(),
    /** The zone it happened in (a depot first), once the session closed: docs/zones.md. */
    zoneId: integer('zone_id').references(() => zone.id, { onDelete: 'set null' }),
    /** What it cost at that zone's tariff, to the cent, in the tariff's currency; null without one. */
    cost: doublePrecision('cost'),
    currency: varchar('currency', { length: 3 }),
    /** When its zone and cost were decided: a session is priced once it closed. */
    pricedAt: instant('priced_at'),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.startTs] }),
    index('charging_session_vehicle_end_idx').on(t.vehicleId, t.endTs),
    // The priced sessions of a period (the fleet analytics' charging cost).
    index('charging_session_priced_idx')
      .on(t.startTs)
      .where(sql`${t.cost} is not null`),
  ],
);

/**
 * Each vehicle's pack capacity as measured from its charging sessions (docs/analytics.md), kept
 * current as sessions close, so the fleet table need not look at every session.
 */
export const batteryEstimate = pgTable('battery_estimate', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicle.id, { onDelete: 'cascade' }),
  estimatedCapacityKwh: doublePrecision('estimated_capacity_kwh'),
  /** Sessions the estimate stands on. */
  sessions: integer('sessions').notNull().default(0),
  updatedAt: updatedAt(),
});

/** How often each cell was the lowest at rest, per vehicle and UTC day: the weakest cell's evidence. */
export const lowCellCount = pgTable(
  'low_cell_count',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** 1-based. */
    cell: integer('cell').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day, t.cell] })],
);

/**
 * Each signal's lowest and highest value per vehicle and minute, kept as readings arrive: a chart
 * of ten days reads 14,400 of these instead of 864,000 readings (docs/analytics.md "Signal charts").
 */
export const signalMinute = pgTable(
  'signal_minute',
  {
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    minute: instant('minute').notNull(),
    /** Readings in the minute. */
    readings: integer('readings').notNull(),
    /** Per chart signal (domain CHART_SIGNALS, in order): the minute's lowest and highest value, null when absent. */
    low: doublePrecision('low').array().notNull().$type<(number | null)[]>(),
    high: doublePrecision('high').array().notNull().$type<(number | null)[]>(),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.minute] })],
);
