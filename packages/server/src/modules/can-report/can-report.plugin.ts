import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { canReportRoutes } from './can-report.routes.js';
import { createCanReportService } from './can-report.service.js';

/** The CAN history report: its calls, saved templates and their mailed schedules. */
export async function installCanReports(app: FastifyInstance, deps: { db: Db }) {
  const service = createCanReportService(deps);
  await app.register(canReportRoutes(service, async () => undefined));
}
