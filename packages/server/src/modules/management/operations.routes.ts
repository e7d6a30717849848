import {
  diagnosticsSchema,
  envSchema,
  isAdmin,
  loggerChangeSchema,
  loggersResponseSchema,
  LOG_LEVELS,
  metricsSummarySchema,
} from '@evfleet/domain';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, unauthorized } from '../../http/errors.js';
import type { Config } from '../../config.js';
import type { DiagnosticsProbe } from './diagnostics.js';
import type { createHealth } from './health.js';
import type { Loggers } from './loggers.js';
import { masked } from './masking.js';
import type { Metrics } from './metrics.js';

const ADMIN = ['ROLE_ADMIN'] as const;

interface Deps {
  config: Config;
  health: ReturnType<typeof createHealth>;
  metrics: Metrics;
  loggers: Loggers;
  diagnostics: DiagnosticsProbe;
}

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** Prometheus scrapers send METRICS_TOKEN as a bearer token; administrators may look too. */
function checkScraper(request: FastifyRequest, token: string | undefined) {
  if (request.user) {
    if (!isAdmin(request.user.authorities)) throw forbidden();
    return;
  }
  const header = request.headers.authorization ?? '';
  if (!token || !header.startsWith('Bearer ') || !sameToken(header.slice(7), token)) throw unauthorized();
}

/** Part 2 §7 "Administration": health, metrics, loggers, configuration, diagnostics. */
export const operationsRoutes =
  ({ config, health, metrics, loggers, diagnostics }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Load balancers and the start-up probe read the status; administrators also see each part.
    app.get('/management/health', { config: { access: 'public' } }, async (req, reply) => {
      const result = await health();
      const body = req.user && isAdmin(req.user.authorities) ? result : { status: result.status };
      return reply.status(result.status === 'DOWN' ? 503 : 200).send(body);
    });

    app.get(
      '/management/jhimetrics',
      { config: { access: ADMIN }, schema: { response: { 200: metricsSummarySchema } } },
      () => metrics.summary(),
    );

    app.get('/management/prometheus', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
      checkScraper(req, config.metricsToken);
      const { contentType, text } = await metrics.prometheus();
      return reply.type(contentType).send(text);
    });

    app.get(
      '/management/loggers',
      { config: { access: ADMIN }, schema: { response: { 200: loggersResponseSchema } } },
      () => ({ levels: [...LOG_LEVELS], loggers: loggers.list() }),
    );

    app.post(
      '/management/loggers/:name',
      {
        config: { access: ADMIN },
        schema: { params: z.object({ name: z.string().min(1).max(100) }), body: loggerChangeSchema },
      },
      async (req, reply) => {
        if (!loggers.has(req.params.name)) throw notFound();
        loggers.set(req.params.name, req.body.configuredLevel, config.logLevel);
        req.log.info(`logger ${req.params.name} set to ${req.body.configuredLevel ?? 'inherit'} by ${req.user?.login}`);
        return reply.status(204).send();
      },
    );

    app.get('/management/configprops', { config: { access: ADMIN } }, () => ({ config: masked(config) }));

    app.get('/management/env', { config: { access: ADMIN }, schema: { response: { 200: envSchema } } }, () => ({
      variables: Object.fromEntries(
        Object.entries(process.env)
          .filter((entry): entry is [string, string] => entry[1] !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => [key, String(masked(value, key))]),
      ),
    }));

    // The spec's thread dump: a Node process has one thread, so it answers with its diagnostics.
    const diagnose = { config: { access: ADMIN }, schema: { response: { 200: diagnosticsSchema } } };
    app.get('/management/threaddump', diagnose, () => diagnostics.snapshot());
    app.get('/management/diagnostics', diagnose, () => diagnostics.snapshot());
  };
