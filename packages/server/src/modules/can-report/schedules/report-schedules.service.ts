import type { ReportSchedule, ReportScheduleWrite } from '@evfleet/domain';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../http/errors.js';
import type { CanReportService } from '../report/can-report.service.js';
import { reportSchedulesRepository as repo, type ScheduleRow } from './report-schedules.repository.js';
import { nextRunAfter } from './schedule-period.js';

const toSchedule = (s: ScheduleRow, timeZone: string): ReportSchedule => ({
  templateId: s.templateId,
  period: s.period as ReportSchedule['period'],
  weekday: s.weekday,
  hour: s.hour,
  recipients: s.recipients,
  timeZone,
  nextRunAt: s.nextRunAt.toISOString(),
  lastRunAt: s.lastRunAt?.toISOString() ?? null,
});

/** A saved template's mailing schedule: read, set or removed by the template's owner only. */
export function createReportSchedulesService({ db, reports }: { db: Db; reports: CanReportService }) {
  return {
    /** The template's schedule, or null when it has none: not scheduled is a normal state, not a missing record. */
    async get(by: AuthUser, templateId: number): Promise<ReportSchedule | null> {
      const { vehicle } = await reports.templateWithVehicle(by, templateId);
      const s = await repo.find(db, templateId);
      return s ? toSchedule(s, vehicle.timeZone) : null;
    },

    /** Sets the schedule; the first run is the next matching hour in the vehicle's time zone. */
    async put(by: AuthUser, templateId: number, body: ReportScheduleWrite) {
      const { vehicle } = await reports.templateWithVehicle(by, templateId);
      const nextRunAt = nextRunAfter(Date.now(), body, vehicle.timeZone);
      const s = await repo.save(db, {
        templateId,
        period: body.period,
        weekday: body.weekday,
        hour: body.hour,
        recipients: body.recipients,
        nextRunAt,
      });
      return toSchedule(s, vehicle.timeZone);
    },

    async remove(by: AuthUser, templateId: number) {
      await reports.templateWithVehicle(by, templateId);
      if (!(await repo.remove(db, templateId))) throw notFound('The schedule');
    },
  };
}
export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;
