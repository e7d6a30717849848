import { id, idWith, pageQuerySchema, severitySchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { sendWorkbook } from '../../../http/workbook-reply.js';
import type { VehicleDataService } from './vehicle-data.service.js';

const vinQuery = z.object({ vin: z.string().trim().min(1, 'The VIN is required.').max(64, 'Max') });
const idParams = z.object({ id });
const dateQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(d)), 'must be a real date'),
});
const access = { access: ANY_SIGNED_IN };
/** `type` (repeatable) keeps only those types: the detail page hides NORMAL rows and still pages by 10. */
const warningLogQuery = pageQuerySchema.extend({
  vehicleId: idWith('The vehicle is required.'),
  type: z
    .union([severitySchema, z.array(severitySchema)])
    .optional()
    .transform((t) => (t === undefined ? undefined : [t].flat())),
});

/** Part 2 §7 "Vehicles": state, cells, warning logs, movement history. Scope is applied by the service. */
export const vehicleDataRoutes =
  (service: VehicleDataService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/vehicles/details', { config: access }, async (req, reply) =>
      reply.type('application/json').send(await service.mapItemsJson(caller(req))),
    );
    app.get('/api/vehicles/src_ip', { config: access }, (req) => service.vins(caller(req)));
    app.get('/api/vehicles/device-data', { config: access, schema: { querystring: vinQuery } }, (req) =>
      service.deviceData(caller(req), req.query.vin),
    );
    app.get('/api/vehicles/device-can-data', { config: access, schema: { querystring: vinQuery } }, (req) =>
      service.deviceCanData(caller(req), req.query.vin),
    );
    app.get('/api/vehicles/cells', { config: access, schema: { querystring: vinQuery } }, (req) =>
      service.cells(caller(req), req.query.vin),
    );
    app.get('/api/vehicle/days/:vin', { config: access, schema: { params: vinQuery } }, async (req) => ({
      days: await service.daysSinceCharged(caller(req), req.params.vin),
    }));
    app.get(
      '/api/vehiclesOnlineOffline',
      {
        config: access,
        schema: {
          querystring: z.object({
            isOnline: z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
          }),
        },
      },
      (req) => service.onlineOffline(caller(req), req.query.isOnline),
    );

    app.get('/api/notifications', { config: access, schema: { querystring: warningLogQuery } }, (req) =>
      service.warningLogs(caller(req), req.query.vehicleId, req.query, req.query.type),
    );
    app.get('/api/clearNotifications/:id', { config: access, schema: { params: idParams } }, async (req) => {
      await service.clearWarningLogs(caller(req), req.params.id);
      return {};
    });
    app.post('/api/downloadWarningLogs/:id', { config: access, schema: { params: idParams } }, async (req, reply) =>
      sendWorkbook(reply, 'WarningLogs.xlsx', await service.warningLogsXlsx(caller(req), req.params.id)),
    );

    app.get('/api/vehicle/movingDates/:id', { config: access, schema: { params: idParams } }, (req) =>
      service.movingDates(caller(req), req.params.id),
    );
    app.get(
      '/api/vehicle/mapTimeSlot/:id',
      { config: access, schema: { params: idParams, querystring: dateQuery } },
      (req) => service.timeSlots(caller(req), req.params.id, req.query.date),
    );
    app.get(
      '/api/vehicle/mapDetail/:id',
      {
        config: access,
        schema: {
          params: idParams,
          querystring: dateQuery.extend({
            timeSlot: z.string().trim().min(1, 'The time slot is required.').max(40, 'Max'),
          }),
        },
      },
      (req) => service.route(caller(req), req.params.id, req.query.date, req.query.timeSlot),
    );
  };
