import { z } from 'zod';
import type { Page } from './roles.js';

/**
 * The toggles of the two role-permission pages (part 2 §2), persisted per role and enforced on the
 * server (docs/permissions.md). A key 'a.b' is a sub-toggle of 'a': it counts only while 'a' is on.
 */
export const VEHICLE_ACCESS = ['canDetails', 'canHistory', 'canHistoryExport', 'warningLogs'] as const;
export type VehicleAccess = (typeof VEHICLE_ACCESS)[number];
export const VEHICLE_ACCESS_LABELS: Record<VehicleAccess, string> = {
  canDetails: 'Vehicle CAN Details',
  canHistory: 'CAN History',
  canHistoryExport: 'CAN History Export',
  warningLogs: 'Warning Logs',
};

interface ToggleSpec {
  key: string;
  label: string;
  default: boolean;
  /** A toggle that is really a page of role_page (the menu and the page guards read it there). */
  page?: Page;
  children?: ToggleSpec[];
}

const vehicleChildren = (parent: string): ToggleSpec[] =>
  VEHICLE_ACCESS.map((access) => ({ key: `${parent}.${access}`, label: VEHICLE_ACCESS_LABELS[access], default: true }));

/** Fleet Owner: Driver Screen (on), Vehicle Configuration Template (off), Vehicle (on) with its four. */
export const FLEET_OWNER_TOGGLES: ToggleSpec[] = [
  { key: 'driverScreen', label: 'Driver Screen', default: true, page: 'Driver Screen' },
  {
    key: 'vehicleConfigurationTemplate',
    label: 'Vehicle Configuration Template',
    default: false,
    page: 'Vehicle Configuration Template',
  },
  { key: 'vehicle', label: 'Vehicle', default: true, children: vehicleChildren('vehicle') },
];

/**
 * Dealer: Assign Vehicle and Unassign Vehicle, each with the same four, all on. The section switch
 * allows the action (PATCH api/vehicle/assign with isAssigned true or false); its four sub-toggles
 * govern the dealer's access to its vehicles in that state: 'assignVehicle.*' for its vehicles in a
 * fleet, 'unassignVehicle.*' for those in none.
 */
export const DEALER_TOGGLES: ToggleSpec[] = [
  { key: 'assignVehicle', label: 'Assign Vehicle', default: true, children: vehicleChildren('assignVehicle') },
  { key: 'unassignVehicle', label: 'Unassign Vehicle', default: true, children: vehicleChildren('unassignVehicle') },
];

/** The authorities that have a role-permission page, with its route. */
export const PERMISSION_ROLES = {
  ROLE_FLEET: { title: 'Fleet Owner', route: '/roles-permission/fleet-owner', toggles: FLEET_OWNER_TOGGLES },
  ROLE_DEALER: { title: 'Dealer', route: '/roles-permission/dealer-role', toggles: DEALER_TOGGLES },
} as const;
export type PermissionRole = keyof typeof PERMISSION_ROLES;
export const permissionRoleSchema = z.enum(Object.keys(PERMISSION_ROLES) as [PermissionRole, ...PermissionRole[]], {
  error: 'Only ROLE_FLEET and ROLE_DEALER have role permissions.',
});

const flatten = (toggles: ToggleSpec[]): ToggleSpec[] => toggles.flatMap((t) => [t, ...flatten(t.children ?? [])]);
/** Every toggle of a role, parents before their children. */
export const togglesOf = (role: PermissionRole): ToggleSpec[] => flatten([...PERMISSION_ROLES[role].toggles]);
export const defaultPermissions = (role: PermissionRole): Record<string, boolean> =>
  Object.fromEntries(togglesOf(role).map((t) => [t.key, t.default]));

/** GET api/role-permissions/{authority}: every toggle's state, by key. */
export const rolePermissionsSchema = z.object({
  authority: permissionRoleSchema,
  permissions: z.record(z.string(), z.boolean()),
});
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

/** PUT api/role-permissions/{authority}: the toggles to change (keys of that role only). */
export const rolePermissionsUpdateSchema = z.object({ permissions: z.record(z.string().max(64), z.boolean()) });

/** Whether a key is on, given the stored states: a sub-toggle also needs its parent. */
export function permitted(permissions: Record<string, boolean>, key: string): boolean {
  const parts = key.split('.');
  return parts.every((_, i) => permissions[parts.slice(0, i + 1).join('.')] === true);
}

/** Who a caller is to the toggles: a dealer, a fleet owner, or someone no toggle governs. */
export type ToggleSubject = 'dealer' | 'fleet' | 'other';
/** An access to vehicle data a toggle governs, or a fleet owner's Driver Screen. */
export type GovernedAccess = VehicleAccess | 'driverScreen';

/**
 * Which toggles govern an access (docs/permissions.md): a fleet owner's 'vehicle.*'; a dealer's
 * 'assignVehicle.*' for its vehicles in a fleet and 'unassignVehicle.*' for those in none (without a
 * vehicle: either). null: no toggle applies. The server enforces by it and the web hides by it.
 */
export function governingToggles(
  subject: ToggleSubject,
  access: GovernedAccess,
  vehicle?: { fleetId: number | null },
): { role: PermissionRole; keys: string[] } | null {
  if (subject === 'fleet')
    return { role: 'ROLE_FLEET', keys: [access === 'driverScreen' ? 'driverScreen' : `vehicle.${access}`] };
  if (subject !== 'dealer' || access === 'driverScreen') return null;
  if (!vehicle) return { role: 'ROLE_DEALER', keys: [`assignVehicle.${access}`, `unassignVehicle.${access}`] };
  return { role: 'ROLE_DEALER', keys: [`${vehicle.fleetId === null ? 'unassignVehicle' : 'assignVehicle'}.${access}`] };
}

/** Whether the toggles in force allow what governingToggles named. */
export const allowedBy = (permissions: Record<string, boolean>, rule: { keys: string[] } | null): boolean =>
  rule === null || rule.keys.some((key) => permitted(permissions, key));

/** A dealer's assign or unassign action: the section switches of the dealer page. */
export const dealerActionKey = (isAssigned: boolean) => (isAssigned ? 'assignVehicle' : 'unassignVehicle');
