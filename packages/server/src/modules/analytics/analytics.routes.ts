import {
  batteryHealthSchema,
  chargingSessionSchema,
  fleetAnalyticsRowSchema,
  fleetDaySchema,
  periodQuerySchema,
  readinessRowSchema,
  signalSeriesQuerySchema,
  signalSeriesSchema,
  tripFiguresSchema,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { idParams } from '../../http/list-params.js';
import { sendWorkbook } from '../../http/workbook-reply.js';
import type { AnalyticsService } from './analytics.service.js';

const access = { access: ANY_SIGNED_IN };

/** The EV analytics: charging sessions, trips with energy, battery health, signal charts, fleet efficiency and readiness. */
export const analyticsRoutes =
  (service: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/vehicles/:id/charging-sessions',
      {
        config: access,
        schema: { params: idParams, querystring: periodQuerySchema, response: { 200: z.array(chargingSessionSchema) } },
      },
      (req) => service.chargingSessions(caller(req), req.params.id, req.query),
    );
    app.get(
      '/api/vehicles/:id/trips',
      {
        config: access,
        schema: { params: idParams, querystring: periodQuerySchema, response: { 200: z.array(tripFiguresSchema) } },
      },
      (req) => service.trips(caller(req), req.params.id, req.query),
    );
    app.get(
      '/api/vehicles/:id/battery-health',
      { config: access, schema: { params: idParams, response: { 200: batteryHealthSchema } } },
      (req) => service.batteryHealth(caller(req), req.params.id),
    );
    app.get(
      '/api/vehicles/:id/signal-series',
      {
        config: access,
        schema: { params: idParams, querystring: signalSeriesQuerySchema, response: { 200: signalSeriesSchema } },
      },
      (req) => service.signalSeries(caller(req), req.params.id, req.query),
    );
    app.get(
      '/api/analytics/fleet',
      {
        config: access,
        schema: { querystring: periodQuerySchema, response: { 200: z.array(fleetAnalyticsRowSchema) } },
        // A row per vehicle, 10,000 for a large fleet: checking our own typed answer against its
        // schema cost 10–25 ms of the 200 ms goal (docs/performance.md); the schema still documents it.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      (req) => service.fleet(caller(req), req.query),
    );
    app.get(
      '/api/analytics/fleet/daily',
      { config: access, schema: { querystring: periodQuerySchema, response: { 200: z.array(fleetDaySchema) } } },
      (req) => service.fleetDays(caller(req), req.query),
    );
    app.get(
      '/api/analytics/fleet/xlsx',
      { config: access, schema: { querystring: periodQuerySchema } },
      async (req, reply) => sendWorkbook(reply, 'Analytics.xlsx', await service.fleetXlsx(caller(req), req.query)),
    );
    app.get(
      '/api/analytics/readiness',
      { config: access, schema: { response: { 200: z.array(readinessRowSchema) } } },
      (req) => service.readiness(caller(req)),
    );
  };
