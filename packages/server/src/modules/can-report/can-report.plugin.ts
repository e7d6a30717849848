import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { canReportRoutes } from './report/can-report.routes.js';
import { createCanReportService } from './report/can-report.service.js';
import { createReportScheduler, type ReportScheduler } from './schedules/report-scheduler.js';
import { reportSchedulesRoutes } from './schedules/report-schedules.routes.js';
import { createReportSchedulesService } from './schedules/report-schedules.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    reportScheduler: ReportScheduler;
  }
}

/** The CAN history report: its calls, saved templates, and the scheduler mailing them through the outbox. */
export async function installCanReports(app: FastifyInstance, database: Database) {
  const { db, raw } = database;
  // On PostgreSQL an export is read with COPY, which needs a connection of its own.
  const reports = createCanReportService({ db, pool: raw.kind === 'postgres' ? raw.pool : undefined });
  await app.register(canReportRoutes(reports));
  await app.register(reportSchedulesRoutes(createReportSchedulesService({ db, reports })));

  // The dispatcher is decorated once every module is in; the scheduler only wakes it after start.
  const scheduler = createReportScheduler({ db, reports, mailQueued: () => app.mail.kick(), log: app.log });
  app.decorate('reportScheduler', scheduler);
  // Runs left due by a restart go out as soon as the server is up.
  app.addHook('onReady', async () => void scheduler.runDue());
  app.addHook('onClose', () => scheduler.close());
}
