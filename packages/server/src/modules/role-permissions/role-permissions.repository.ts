import type { Page, PermissionRole } from '@evfleet/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rolePage, rolePermission } from '../../db/schema.js';

export const rolePermissionsRepository = {
  /** The stored toggles of a role (keys never saved are absent: their defaults apply). */
  stored: async (db: Queryable, authority: PermissionRole): Promise<Record<string, boolean>> => {
    const rows = await db
      .select({ key: rolePermission.permission, enabled: rolePermission.enabled })
      .from(rolePermission)
      .where(eq(rolePermission.authority, authority));
    return Object.fromEntries(rows.map((r) => [r.key, r.enabled]));
  },

  pages: async (db: Queryable, authority: PermissionRole): Promise<Set<string>> =>
    new Set(
      (await db.select({ page: rolePage.page }).from(rolePage).where(eq(rolePage.authority, authority))).map(
        (r) => r.page,
      ),
    ),

  save: async (tx: Queryable, authority: PermissionRole, changes: [string, boolean][]) => {
    if (!changes.length) return;
    await tx
      .insert(rolePermission)
      .values(changes.map(([permission, enabled]) => ({ authority, permission, enabled })))
      .onConflictDoUpdate({
        target: [rolePermission.authority, rolePermission.permission],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  },

  setPage: async (tx: Queryable, authority: PermissionRole, page: Page, on: boolean) => {
    if (on) await tx.insert(rolePage).values({ authority, page }).onConflictDoNothing();
    else await tx.delete(rolePage).where(and(eq(rolePage.authority, authority), eq(rolePage.page, page)));
  },
};
