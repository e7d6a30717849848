import type { Role } from '@evfleet/domain';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.js';
import { canReportTemplate, reportSchedule } from '../../../db/reports-schema.js';
import { appUser, userAuthority, vehicle } from '../../../db/schema.js';

export type ScheduleRow = typeof reportSchedule.$inferSelect;

export const reportSchedulesRepository = {
  find: async (db: Db, templateId: number) =>
    (await db.select().from(reportSchedule).where(eq(reportSchedule.templateId, templateId)))[0],

  /** One schedule per template: saving again replaces it. */
  save: async (db: Db, values: typeof reportSchedule.$inferInsert) =>
    (
      await db
        .insert(reportSchedule)
        .values(values)
        .onConflictDoUpdate({
          target: reportSchedule.templateId,
          set: {
            period: values.period,
            weekday: values.weekday,
            hour: values.hour,
            recipients: values.recipients,
            nextRunAt: values.nextRunAt,
          },
        })
        .returning()
    )[0],

  remove: async (db: Db, templateId: number) =>
    (
      await db
        .delete(reportSchedule)
        .where(eq(reportSchedule.templateId, templateId))
        .returning({ id: reportSchedule.id })
    ).length > 0,

  /**
   * Schedules whose run is due, with what a run needs: the template, its owner and the vehicle's
   * zone. A deactivated owner's schedules are not due: they stop until the account is activated
   * again (a deleted owner's go with the account); what a run may show is the owner's at the run.
   */
  due: (db: Db, now: Date, limit: number) =>
    db
      .select({
        schedule: reportSchedule,
        template: canReportTemplate,
        vehicle: { name: vehicle.name, vin: vehicle.vin, timeZone: vehicle.timeZone },
        owner: { id: appUser.id, login: appUser.login },
      })
      .from(reportSchedule)
      .innerJoin(canReportTemplate, eq(canReportTemplate.id, reportSchedule.templateId))
      .innerJoin(vehicle, eq(vehicle.id, canReportTemplate.vehicleId))
      .innerJoin(appUser, eq(appUser.id, canReportTemplate.userId))
      .where(and(lte(reportSchedule.nextRunAt, now), eq(appUser.activated, true)))
      .orderBy(asc(reportSchedule.nextRunAt))
      .limit(limit),

  authorities: async (db: Db, userId: number) =>
    (
      await db
        .select({ authority: userAuthority.authority })
        .from(userAuthority)
        .where(eq(userAuthority.userId, userId))
    ).map((r) => r.authority as Role),

  /**
   * Compare-and-set: moves a due run to the next period only if no one else has since. Exactly one
   * instance sees a row come back for each period; the others' transactions find nothing. The
   * stored time is compared at the millisecond, as JavaScript read it (a time set in SQL has microseconds).
   */
  claim: async (q: Queryable, id: number, seen: Date, next: Date) =>
    (
      await q
        .update(reportSchedule)
        .set({ nextRunAt: next, lastRunAt: sql`now()` })
        .where(
          and(
            eq(reportSchedule.id, id),
            sql`date_trunc('milliseconds', ${reportSchedule.nextRunAt}) = ${seen.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: reportSchedule.id })
    ).length === 1,
};
