import { isAdmin, togglesOf, type PermissionRole, type RolePermissions } from '@evfleet/domain';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { fieldErrors, forbidden } from '../../http/errors.js';
import { permissionsOf } from './permissions.js';
import { rolePermissionsRepository as repo } from './role-permissions.repository.js';

/**
 * GET/PUT api/role-permissions/{authority}: administrators write; administrators and ROLE_USER
 * (who may open the pages, part 2 §2) read any role's, others their own role's.
 */
export function createRolePermissionsService({ db }: { db: Db }) {
  return {
    async get(by: AuthUser, role: PermissionRole): Promise<RolePermissions> {
      if (!isAdmin(by.authorities) && !by.authorities.includes('ROLE_USER') && !by.authorities.includes(role))
        throw forbidden();
      return { authority: role, permissions: await permissionsOf(db, role) };
    },

    async update(role: PermissionRole, changes: Record<string, boolean>): Promise<RolePermissions> {
      const toggles = new Map(togglesOf(role).map((t) => [t.key, t]));
      const unknown = Object.keys(changes).filter((key) => !toggles.has(key));
      if (unknown.length)
        throw fieldErrors(
          'rolePermissions',
          Object.fromEntries(unknown.map((key) => [`permissions.${key}`, `Not a permission of ${role}.`])),
        );
      await db.transaction(async (tx) => {
        const entries = Object.entries(changes);
        await repo.save(tx, role, entries);
        for (const [key, on] of entries) {
          const page = toggles.get(key)?.page;
          if (page) await repo.setPage(tx, role, page, on);
        }
      });
      return { authority: role, permissions: await permissionsOf(db, role) };
    },
  };
}
export type RolePermissionsService = ReturnType<typeof createRolePermissionsService>;
