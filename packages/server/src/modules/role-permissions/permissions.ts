import { defaultPermissions, permitted, togglesOf, type PermissionRole, type VehicleAccess } from '@evfleet/domain';
import type { Scope } from '../../auth/scope.js';
import type { Queryable } from '../../db/client.js';
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

/**
 * Which toggle governs an access to a vehicle (docs/permissions.md): a fleet owner's 'vehicle.*';
 * a dealer's 'assignVehicle.*' for its vehicles in a fleet and 'unassignVehicle.*' for those in
 * none (without a vehicle: either). Administrators, staff and drivers have no toggles.
 */
function governing(scope: Scope, access: VehicleAccess | 'driverScreen', vehicle?: { fleetId: number | null }): { role: PermissionRole; keys: string[] } | null {
  if (scope.kind === 'fleet') return { role: 'ROLE_FLEET', keys: [access === 'driverScreen' ? 'driverScreen' : `vehicle.${access}`] };
  if (scope.kind !== 'dealer' || access === 'driverScreen') return null;
  if (!vehicle) return { role: 'ROLE_DEALER', keys: [`assignVehicle.${access}`, `unassignVehicle.${access}`] };
  return { role: 'ROLE_DEALER', keys: [`${vehicle.fleetId === null ? 'unassignVehicle' : 'assignVehicle'}.${access}`] };
}

/**
 * Whether the role-permission toggles let this caller have an access ('canHistoryExport' for the
 * CAN report's export, 'canDetails', 'canHistory', 'warningLogs', or a fleet owner's
 * 'driverScreen'), for one vehicle when given. Scope rules still apply on top.
 */
export async function can(db: Queryable, scope: Scope, access: VehicleAccess | 'driverScreen', vehicle?: { fleetId: number | null }): Promise<boolean> {
  const rule = governing(scope, access, vehicle);
  if (!rule) return true;
  const permissions = await permissionsOf(db, rule.role);
  return rule.keys.some((key) => permitted(permissions, key));
}

/** As can(), refusing with 403. */
export async function requirePermission(db: Queryable, scope: Scope, access: VehicleAccess | 'driverScreen', vehicle?: { fleetId: number | null }): Promise<void> {
  if (!(await can(db, scope, access, vehicle))) throw forbidden();
}

/** A dealer's assign or unassign action (the section switches of the dealer page). */
export async function requireDealerAction(db: Queryable, scope: Scope, isAssigned: boolean): Promise<void> {
  if (scope.kind !== 'dealer') return;
  const permissions = await permissionsOf(db, 'ROLE_DEALER');
  if (!permitted(permissions, isAssigned ? 'assignVehicle' : 'unassignVehicle')) throw forbidden();
}
