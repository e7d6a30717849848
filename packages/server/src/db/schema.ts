import type { AlertAttribute } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './columns.js';

const audited = {
  createdBy: varchar('created_by', { length: 50 }).notNull().default('system'),
  createdDate: instant('created_date').defaultNow(),
  lastModifiedBy: varchar('last_modified_by', { length: 50 }),
  lastModifiedDate: instant('last_modified_date'),
};

export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    login: varchar('login', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    activated: boolean('activated').notNull().default(false),
    langKey: varchar('lang_key', { length: 10 }).notNull().default('en'),
    activationKey: varchar('activation_key', { length: 64 }),
    resetKey: varchar('reset_key', { length: 64 }),
    resetDate: instant('reset_date'),
    /** Raised when the account's sessions must end; a token carries the version it was issued at. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Reads every tenant without changing any (docs/permissions.md); only an administrator sets it. */
    staff: boolean('staff').notNull().default(false),
    ...audited,
  },
  (t) => [
    uniqueIndex('app_user_login_uq').on(sql`lower(${t.login})`),
    uniqueIndex('app_user_email_uq').on(sql`lower(${t.email})`),
    index('app_user_activation_key_idx').on(t.activationKey),
    index('app_user_reset_key_idx').on(t.resetKey),
  ],
);

export const authority = pgTable('authority', { name: varchar('name', { length: 50 }).primaryKey() });
/** A role, by its name. */
const roleName = () =>
  varchar('authority', { length: 50 })
    .notNull()
    .references(() => authority.name);

export const userAuthority = pgTable(
  'user_authority',
  {
    userId: belongsTo('user_id', () => appUser.id),
    authority: roleName(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authority] })],
);

/** Pages allowed per role (part 1 §6); menus and page guards read it. */
export const rolePage = pgTable(
  'role_page',
  {
    authority: roleName(),
    page: varchar('page', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.authority, t.page] })],
);

/** bytea as a Buffer on both drivers (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** The account mails (mail/account-mails.ts): one unsent copy per address and kind, a few an hour (mail/outbox.ts). */
export const ACCOUNT_MAIL_KINDS = ['activation', 'password-reset', 'account-created', 'registration-attempt'] as const;
/** An account mail not yet sent: the index below's predicate, which an upsert's conflict target names again. */
export const UNSENT_ACCOUNT_MAIL = sql.raw(
  `sent_at is null and kind in (${ACCOUNT_MAIL_KINDS.map((kind) => `'${kind}'`).join(', ')})`,
);

/** Every mail goes through here first, so delivery survives restarts and is visible without SMTP. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** 'email' or 'sms'. */
    channel: varchar('channel', { length: 8 }).notNull().default('email'),
    /** Alert messages carry a key that makes each one exactly-once across instances and restarts. */
    dedupeKey: varchar('dedupe_key', { length: 200 }).unique('mail_outbox_dedupe_uq'),
    vehicleId: integer('vehicle_id'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    transport: varchar('transport', { length: 16 }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** One file sent with the mail (a scheduled report's xlsx). */
    attachmentName: varchar('attachment_name', { length: 255 }),
    attachment: bytea('attachment'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    // An account mail waiting to be sent is one row per address and kind: a newer one replaces it (mail/outbox.ts).
    uniqueIndex('mail_outbox_account_unsent_uq').on(t.recipient, t.kind).where(UNSENT_ACCOUNT_MAIL),
  ],
);

// ---- people and organisations

/** A person's sign-in account; removing the account leaves the person without one. */
const userLink = () => integer('user_id').references(() => appUser.id, { onDelete: 'set null' });
/** Case-insensitive substring search (ILIKE '%term%') is answered from trigram indexes (pg_trgm). */
const trigram = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));
const lowerUnique = (name: string, column: ExtraConfigColumn) => uniqueIndex(name).on(sql`lower(${column})`);
/** At most one row per value, where there is one. */
const uniqueWhenSet = (name: string, column: ExtraConfigColumn) =>
  uniqueIndex(name)
    .on(column)
    .where(sql`${column} is not null`);

/** What every person and organisation of part 1 (dealer, fleet, driver, super user) holds first. */
const personColumns = () => ({
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
});
/** ... and last: its sign-in account, and when it was made. */
const personAccount = () => ({ userId: userLink(), createdAt: createdAt() });
/** A person's email is unique whatever its case, its account is at most one person's, its name and email are searched. */
const personIndexes = (
  table: string,
  t: { name: ExtraConfigColumn; email: ExtraConfigColumn; userId: ExtraConfigColumn },
) => [
  lowerUnique(`${table}_email_uq`, t.email),
  uniqueWhenSet(`${table}_user_uq`, t.userId),
  trigram(`${table}_name_trgm`, t.name),
  trigram(`${table}_email_trgm`, t.email),
];

export const storedFile = pgTable('stored_file', {
  id: serial('id').primaryKey(),
  bytes: bytea('bytes').notNull(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  /** Only the uploader (or an administrator) may attach or replace a file not yet attached to a driver. */
  uploadedBy: integer('uploaded_by').references(() => appUser.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const dealer = pgTable(
  'dealer',
  {
    ...personColumns(),
    mobileNumber: varchar('mobile_number', { length: 15 }).notNull(),
    company: varchar('company', { length: 255 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    /** The administrator's last choice of 'Require Authentication'; the account's activated flag is the truth. */
    activation: boolean('activation').notNull().default(false),
    ...personAccount(),
  },
  (t) => [...personIndexes('dealer', t), trigram('dealer_company_trgm', t.company)],
);

export const fleet = pgTable(
  'fleet',
  {
    ...personColumns(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealer.id),
    status: boolean('status').notNull().default(true),
    ...personAccount(),
  },
  (t) => [...personIndexes('fleet', t), index('fleet_dealer_idx').on(t.dealerId, t.id)],
);

export const driver = pgTable(
  'driver',
  {
    ...personColumns(),
    mobile: varchar('mobile', { length: 15 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleet.id),
    dbFileId: integer('db_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    status: boolean('status').notNull().default(true),
    ...personAccount(),
  },
  (t) => [
    ...personIndexes('driver', t),
    uniqueWhenSet('driver_file_uq', t.dbFileId),
    index('driver_fleet_idx').on(t.fleetId, t.id),
  ],
);

export const superUser = pgTable(
  'super_user',
  {
    ...personColumns(),
    mobileNumber: varchar('mobile_number', { length: 15 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    ...personAccount(),
  },
  (t) => personIndexes('super_user', t),
);

/** The least a vehicle needs for assignment; the vehicle issues extend it. */
export const vehicle = pgTable(
  'vehicle',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    vin: varchar('vin', { length: 64 }).notNull().unique('vehicle_vin_uq'),
    status: boolean('status').notNull().default(false),
    dealerId: integer('dealer_id').references(() => dealer.id),
    fleetId: integer('fleet_id').references(() => fleet.id),
    driverId: integer('driver_id').references(() => driver.id, { onDelete: 'set null' }),
    /** SHA-256 of the device token (telemetry/device-token.ts); the token itself is never stored. */
    deviceTokenHash: varchar('device_token_hash', { length: 64 }),
    cells: integer('cells').notNull().default(32),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('America/Chicago'),
    notificationEmail: varchar('notification_email', { length: 254 }),
    notificationSms: varchar('notification_sms', { length: 32 }),
    emailNotification: boolean('email_notification').notNull().default(false),
    smsNotification: boolean('sms_notification').notNull().default(false),
    /** The vehicle's own thresholds; null: its template's, else the defaults (part 2 §5). */
    attributes: jsonb('attributes').$type<AlertAttribute[]>(),
    /** Its gpsSignal thresholds, kept apart so the list's GPS letters do not unpack 1,000 vehicles' thresholds. */
    gpsRule: jsonb('gps_rule')
      .$type<AlertAttribute>()
      .generatedAlwaysAs(sql`jsonb_path_query_first(attributes, '$[*] ? (@.name == "gpsSignal")')`),
    templateId: integer('template_id').references(() => vehicleTemplate.id, { onDelete: 'set null' }),
    iotVersion: varchar('iot_version', { length: 64 }),
    pcmVersion: varchar('pcm_version', { length: 64 }),
    /** The pack's rated capacity; null: its template's (docs/analytics.md "State of health"). */
    ratedCapacityKwh: doublePrecision('rated_capacity_kwh'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicle_dealer_idx').on(t.dealerId, t.fleetId),
    index('vehicle_fleet_idx').on(t.fleetId, t.driverId),
    index('vehicle_driver_idx').on(t.driverId),
    index('vehicle_template_idx').on(t.templateId),
    trigram('vehicle_name_trgm', t.name),
    trigram('vehicle_vin_trgm', t.vin),
  ],
);

/** Vehicle configuration templates (part 2 §2): thresholds a vehicle takes when the template is chosen. */
export const vehicleTemplate = pgTable(
  'vehicle_template',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    fileId: integer('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    /** Built-in templates: listed, chosen, never edited or deleted. */
    defaultTemplate: boolean('default_template').notNull().default(false),
    /** null: the default thresholds (part 2 §4 "Template detail"). */
    attributes: jsonb('attributes').$type<AlertAttribute[]>(),
    /** The rated capacity of its vehicles' packs, for those that do not name their own. */
    ratedCapacityKwh: doublePrecision('rated_capacity_kwh'),
    /** The cell spread at rest past which a steady weakest cell is logged; null: the default (docs/analytics.md). */
    cellSpreadWarnMv: doublePrecision('cell_spread_warn_mv'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [trigram('vehicle_template_name_trgm', t.name)],
);

/** The role-permission toggles (part 2 §2), persisted per role and enforced on the server. */
export const rolePermission = pgTable(
  'role_permission',
  {
    authority: roleName(),
    permission: varchar('permission', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.authority, t.permission] })],
);

/** Per-user screen preferences (tile visibility, dashboard layout), keyed by what they configure. */
export const userPreference = pgTable(
  'user_preference',
  {
    userId: belongsTo('user_id', () => appUser.id),
    key: varchar('key', { length: 64 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Sign-in limits, shared by every instance (auth/login-throttle.ts): a count per key until its window ends. */
export const signInWindow = pgTable('sign_in_window', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});
