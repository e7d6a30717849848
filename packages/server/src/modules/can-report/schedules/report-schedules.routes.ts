import { reportScheduleSchema, reportScheduleWriteSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { idParams } from '../../../http/list-params.js';
import type { ReportSchedulesService } from './report-schedules.service.js';

const access = { access: ANY_SIGNED_IN };
const path = '/api/canreport/templates/:id/schedule';

/** A saved template's mailing schedule (beyond the spec; docs/reports.md). The owner alone reaches it. */
export const reportSchedulesRoutes =
  (service: ReportSchedulesService): FastifyPluginAsyncZod =>
  async (app) => {
    // A template without a schedule answers null: opening a saved template makes no failed request.
    app.get(
      path,
      { config: access, schema: { params: idParams, response: { 200: reportScheduleSchema.nullable() } } },
      (req) => service.get(caller(req), req.params.id),
    );

    app.put(
      path,
      {
        config: access,
        schema: { params: idParams, body: reportScheduleWriteSchema, response: { 200: reportScheduleSchema } },
      },
      (req) => service.put(caller(req), req.params.id, req.body),
    );

    app.delete(path, { config: access, schema: { params: idParams } }, async (req, reply) => {
      await service.remove(caller(req), req.params.id);
      return reply.status(204).send();
    });
  };
