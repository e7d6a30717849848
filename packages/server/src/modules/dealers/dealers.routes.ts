import { dealerSchema, dealerWriteSchema, listResponse } from '@evfleet/domain';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { pageQuery } from '../../http/list-params.js';
import { resourceRoutes } from '../../http/resource-routes.js';
import type { DealersService } from './dealers.service.js';

/** Part 1 §7 dealers. Reads are scoped by the service (docs/permissions.md); writes are the administrators'. */
export const dealersRoutes = (service: DealersService) =>
  resourceRoutes(
    service,
    {
      path: '/api/dealers',
      caller,
      item: dealerSchema,
      create: dealerWriteSchema,
      update: dealerWriteSchema,
      readers: ANY_SIGNED_IN,
      writers: ['ROLE_ADMIN'],
      // The fleet form adds ?cacheBuster=<time>; unknown query keys are dropped by the schema.
      list: { search: 'name' },
      deleted: { status: 204 },
    },
    (app) => {
      // Dealers without a fleet.
      app.get(
        '/api/dealers/unassigned',
        {
          config: { access: ANY_SIGNED_IN },
          schema: { querystring: pageQuery, response: { 200: listResponse(dealerSchema) } },
        },
        (req) => service.unassigned(caller(req), req.query),
      );
    },
  );
