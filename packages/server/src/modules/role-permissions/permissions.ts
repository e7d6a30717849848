import {
  allowedBy,
  dealerActionKey,
  defaultPermissions,
  governingToggles,
  permitted,
  togglesOf,
  type GovernedAccess,
  type PermissionRole,
  type ToggleSubject,
  type VehicleAccess,
} from '@evfleet/domain';
import { and, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../auth/tokens.js';
import { notVisible, resolveScope, visibleVehicles, type Scope } from '../../auth/visibility.js';
import type { Db, Queryable } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { rolePermissionsRepository as repo } from './role-permissions.repository.js';

/**
 * The toggles of a role in force: stored ones over the defaults, and the page toggles (Driver
 * Screen, Vehicle Configuration Template) read from role_page, which the menus and page guards use.
 */
export async function permissionsOf(db: Queryable, role: PermissionRole): Promise<Record<string, boolean>> {
  const [stored, pages] = await Promise.all([repo.stored(db, role), repo.pages(db, role)]);
  const merged = { ...defaultPermissions(role), ...stored };
  for (const t of togglesOf(role)) if (t.page) merged[t.key] = pages.has(t.page);
  return merged;
}

const subjectOf = (scope: Scope): ToggleSubject =>
  scope.kind === 'dealer' || scope.kind === 'fleet' ? scope.kind : 'other';

/**
 * Whether the role-permission toggles let this caller have an access ('canHistoryExport' for the
 * CAN report's export, 'canDetails', 'canHistory', 'warningLogs', or a fleet owner's
 * 'driverScreen'), for one vehicle when given. Scope rules still apply on top.
 */
export async function can(
  db: Queryable,
  scope: Scope,
  access: GovernedAccess,
  vehicle?: { fleetId: number | null },
): Promise<boolean> {
  const rule = governingToggles(subjectOf(scope), access, vehicle);
  if (!rule) return true;
  return allowedBy(await permissionsOf(db, rule.role), rule);
}

/** As can(), refusing with 403. */
export async function requirePermission(
  db: Queryable,
  scope: Scope,
  access: GovernedAccess,
  vehicle?: { fleetId: number | null },
): Promise<void> {
  if (!(await can(db, scope, access, vehicle))) throw forbidden();
}

/**
 * The one vehicle a call is about, as `find` reads it: looked up within the caller's scope (404 for
 * a vehicle they may not see, whoever asks), then allowed by the role toggles for each access named
 * (403), in order.
 */
export async function vehicleFor<V extends { fleetId: number | null }>(
  db: Db,
  by: AuthUser,
  find: (where: SQL) => Promise<V | undefined>,
  where: SQL,
  ...accesses: VehicleAccess[]
): Promise<V & { scope: Scope }> {
  const scope = await resolveScope(db, by);
  const v = await find(and(visibleVehicles(scope), where)!);
  if (!v) throw notVisible(scope, 'The vehicle');
  for (const access of accesses) await requirePermission(db, scope, access, v);
  return { ...v, scope };
}

/** A dealer's assign or unassign action (the section switches of the dealer page). */
export async function requireDealerAction(db: Queryable, scope: Scope, isAssigned: boolean): Promise<void> {
  if (scope.kind !== 'dealer') return;
  const permissions = await permissionsOf(db, 'ROLE_DEALER');
  if (!permitted(permissions, dealerActionKey(isAssigned))) throw forbidden();
}
