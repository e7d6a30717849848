import { dashboardCardsSchema, dashboardCountsSchema, dashboardFactorsSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import type { DashboardService } from './dashboard.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;

/** Part 2 §7 `GET api/dashboard/dashboardCounts`, and the computed cards and their factors (docs/dashboard.md). */
export const dashboardRoutes =
  (service: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/dashboardCounts',
      { config: { access: ANY_SIGNED_IN }, schema: { response: { 200: dashboardCountsSchema } } },
      (req) => service.counts(caller(req)),
    );
    app.get(
      '/api/dashboard/cards',
      { config: { access: ANY_SIGNED_IN }, schema: { response: { 200: dashboardCardsSchema } } },
      (req) => service.cards(caller(req)),
    );
    app.get(
      '/api/dashboard/settings',
      { config: { access: ADMIN }, schema: { response: { 200: dashboardFactorsSchema } } },
      () => service.settings(),
    );
    app.put(
      '/api/dashboard/settings',
      {
        config: { access: ADMIN },
        schema: { body: dashboardFactorsSchema, response: { 200: dashboardFactorsSchema } },
      },
      (req) => service.saveSettings(req.body),
    );
  };
