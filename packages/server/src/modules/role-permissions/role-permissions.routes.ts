import { permissionRoleSchema, rolePermissionsSchema, rolePermissionsUpdateSchema } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import type { RolePermissionsService } from './role-permissions.service.js';

const params = z.object({ authority: permissionRoleSchema });
const response = { 200: rolePermissionsSchema };

/** The role-permission pages (part 2 §2), persisted and enforced (docs/permissions.md). */
export const rolePermissionsRoutes =
  (service: RolePermissionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/role-permissions/:authority',
      { config: { access: ANY_SIGNED_IN }, schema: { params, response } },
      (req) => service.get(caller(req), req.params.authority),
    );
    app.put(
      '/api/role-permissions/:authority',
      { config: { access: ['ROLE_ADMIN'] }, schema: { params, body: rolePermissionsUpdateSchema, response } },
      (req) => service.update(req.params.authority, req.body.permissions),
    );
  };
