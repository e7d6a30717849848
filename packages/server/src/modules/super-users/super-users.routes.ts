import { superUserCreateSchema, superUserSchema, superUserUpdateSchema } from '@evfleet/domain';
import { caller } from '../../auth/guard.js';
import { resourceRoutes } from '../../http/resource-routes.js';
import type { SuperUsersService } from './super-users.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;

/** Part 1 §7 super users: administrators only. */
export const superUsersRoutes = (service: SuperUsersService) =>
  resourceRoutes(service, {
    path: '/api/superUsers',
    caller,
    item: superUserSchema,
    create: superUserCreateSchema,
    update: superUserUpdateSchema,
    readers: ADMIN,
    writers: ADMIN,
    // The spec calls the search with a trailing slash; both spellings answer.
    list: { search: 'name', trailingSlash: true },
    deleted: { status: 204 },
  });
