import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant } from './columns.js';
import { appUser, vehicle } from './schema.js';

/** CAN history report criteria saved under a name (part 2 §3 "Saved template"), one list per user. */
export const canReportTemplate = pgTable(
  'can_report_template',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => appUser.id),
    templateName: varchar('template_name', { length: 100 }).notNull(),
    columns: text('columns').array().notNull(),
    vehicleId: belongsTo('vehicle_id', () => vehicle.id),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('can_report_template_name_uq').on(t.userId, sql`lower(${t.templateName})`)],
);

/** A saved report mailed as xlsx every day or week, in the vehicle's time zone, through the outbox. */
export const reportSchedule = pgTable(
  'report_schedule',
  {
    id: serial('id').primaryKey(),
    templateId: belongsTo('template_id', () => canReportTemplate.id),
    /** 'DAILY' or 'WEEKLY'. */
    period: varchar('period', { length: 8 }).notNull(),
    /** 0 Sunday … 6 Saturday, for weekly schedules. */
    weekday: smallint('weekday'),
    /** Local hour of day (0–23) in the vehicle's time zone. */
    hour: smallint('hour').notNull(),
    recipients: text('recipients').array().notNull(),
    /** Claimed with a compare-and-set update, so each period runs once across instances. */
    nextRunAt: instant('next_run_at').notNull(),
    lastRunAt: instant('last_run_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('report_schedule_next_run_idx').on(t.nextRunAt),
    uniqueIndex('report_schedule_template_uq').on(t.templateId),
  ],
);
