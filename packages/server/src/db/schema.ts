import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const audited = {
  createdBy: varchar('created_by', { length: 50 }).notNull().default('system'),
  createdDate: timestamp('created_date', { withTimezone: true }).defaultNow(),
  lastModifiedBy: varchar('last_modified_by', { length: 50 }),
  lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }),
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
    resetDate: timestamp('reset_date', { withTimezone: true }),
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

export const userAuthority = pgTable(
  'user_authority',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    authority: varchar('authority', { length: 50 })
      .notNull()
      .references(() => authority.name),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authority] })],
);

/** Pages allowed per role (part 1 §6); menus and page guards read it. */
export const rolePage = pgTable(
  'role_page',
  {
    authority: varchar('authority', { length: 50 })
      .notNull()
      .references(() => authority.name),
    page: varchar('page', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.authority, t.page] })],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    transport: varchar('transport', { length: 16 }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
