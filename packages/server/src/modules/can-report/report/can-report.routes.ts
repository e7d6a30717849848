import { PassThrough } from 'node:stream';
import {
  canReportFilterSchema,
  canReportPageQuerySchema,
  canReportResultSchema,
  id,
  savedTemplateSchema,
  saveTemplateSchema,
  signalSettingsSchema,
  templateResultSchema,
  vehicleOptionSchema,
} from '@evfleet/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { idParams } from '../../../http/list-params.js';
import { XLSX_TYPE } from '../../../lib/xlsx-writer/xlsx-stream.js';
import type { CanReportService } from './can-report.service.js';
import type { ReportExport } from './report-access.js';

/** Every signed-in role may call the report API; the service confines it to the caller's vehicles and permissions. */
const access = { access: ANY_SIGNED_IN };

/**
 * Report pages are built by the presenter from typed rows; checking 50 to 200 rows of 60 wrapped
 * values against the schema again took longer than the query, so they are written as they are
 * (the schema still types the handler and documents the call).
 */
const asJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** A file name safe in a header: the VIN a client sends may hold anything. */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w .-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Streams an export: headers go out with the first bytes, so a failure past that point can only
 * cut the download short (the client then shows 'Failed to export'); everything that can be refused
 * (scope, columns, permission) is decided before.
 */
async function sendExport(request: FastifyRequest, reply: FastifyReply, prepared: Promise<ReportExport>) {
  const report = await prepared;
  const body = new PassThrough();
  report.write(body).catch((err: unknown) => {
    request.log.error({ err }, 'CAN report export failed while streaming');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(report.fileName)).send(body);
}

/** Part 2 §7 "CAN report", plus the download of a saved template. */
export const canReportRoutes =
  (service: CanReportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/canreport/vehicles',
      { config: access, schema: { response: { 200: z.array(vehicleOptionSchema) } } },
      (req) => service.vehicles(caller(req)),
    );

    app.get(
      '/api/canreport/signals',
      {
        config: access,
        schema: { querystring: z.object({ vehicleId: id.optional() }), response: { 200: signalSettingsSchema } },
      },
      (req) => service.signals(caller(req), req.query.vehicleId),
    );

    app.get(
      '/api/canreport/getAllTemplate',
      { config: access, schema: { response: { 200: z.array(savedTemplateSchema) } } },
      (req) => service.templates(caller(req)),
    );

    app.post(
      '/api/canreport',
      {
        config: access,
        ...asJson,
        schema: {
          querystring: canReportPageQuerySchema,
          body: canReportFilterSchema,
          response: { 200: canReportResultSchema },
        },
      },
      (req) => service.report(caller(req), req.body, req.query),
    );

    app.post(
      '/api/canreport/getListCanHistory',
      { config: access, ...asJson, schema: { body: canReportFilterSchema, response: { 200: canReportResultSchema } } },
      (req) => service.report(caller(req), req.body, req.body),
    );

    app.post(
      '/api/canreport/saveTemplate',
      { config: access, schema: { body: saveTemplateSchema, response: { 201: savedTemplateSchema } } },
      async (req, reply) => reply.status(201).send(await service.saveTemplate(caller(req), req.body)),
    );

    app.post(
      '/api/canreport/downloadExcel',
      { config: access, schema: { body: canReportFilterSchema } },
      async (req, reply) => {
        return sendExport(req, reply, service.exportReport(caller(req), req.body));
      },
    );

    app.get(
      '/api/canreport/getTemplate/:id',
      {
        config: access,
        ...asJson,
        schema: { params: idParams, querystring: canReportPageQuerySchema, response: { 200: templateResultSchema } },
      },
      (req) => service.template(caller(req), req.params.id, req.query),
    );

    app.post(
      '/api/canreport/templates/:id/downloadExcel',
      { config: access, schema: { params: idParams } },
      async (req, reply) => {
        return sendExport(req, reply, service.exportTemplate(caller(req), req.params.id));
      },
    );
  };
