import { fleetSchema, fleetWriteSchema, PEOPLE_WRITERS } from '@evfleet/domain';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import { resourceRoutes } from '../../http/resource-routes.js';
import type { FleetsService } from './fleets.service.js';

/** Part 1 §7 fleets. Every call is scoped by the service (docs/permissions.md). */
export const fleetsRoutes = (service: FleetsService) =>
  resourceRoutes(service, {
    path: '/api/fleets',
    caller,
    item: fleetSchema,
    create: fleetWriteSchema,
    update: fleetWriteSchema,
    readers: ANY_SIGNED_IN,
    writers: PEOPLE_WRITERS.fleets,
    list: { search: 'searchKey' },
    deleted: { status: 204 },
  });
