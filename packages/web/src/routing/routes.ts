import { OIDC_PAGE, type Role } from '@evfleet/domain';

/** Every route path of the portal, in one place (part 1 §2.1, §2.2; part 2 §2). */
export const ROUTES = {
  // public
  login: '/login',
  logout: '/logout',
  /** Where an OpenID provider's sign-in returns (docs/integrations.md). */
  oidc: OIDC_PAGE,
  register: '/account/register',
  activate: '/account/activate',
  resetRequest: '/account/reset/request',
  resetFinish: '/account/reset/finish',
  // private
  dashboard: '/',
  home: '/home',
  admin: '/admin',
  adminUsers: '/admin/user-management',
  deviceProfiles: '/admin/device-profiles',
  account: '/account',
  accountSettings: '/account/settings',
  accountPassword: '/account/password',
  accountApiKeys: '/account/api-keys',
  accountNotifications: '/account/notifications',
  fleetOwnerPermissions: '/roles-permission/fleet-owner',
  dealerPermissions: '/roles-permission/dealer-role',
  report: '/report',
  canHistoryReport: '/report/can-history-report',
  reportResult: '/report/view-result',
  reportTemplate: '/report/template',
  analytics: '/analytics',
  zones: '/zones',
  webhooks: '/webhooks',
  // entities area
  vehicle: '/vehicle',
  vehicleCan: '/vehicle-can',
  dealer: '/dealer',
  fleet: '/fleet',
  driver: '/driver',
  usersPage: '/users-page',
  emailTemplate: '/email-template',
  vehicleTemplate: '/vehicle-template',
  vehicleLog: '/vehicle-log',
  car: '/car',
  notification: '/notification',
} as const;

/** Where a signed-in user lands when no other page was asked for (§2.1). */
export const AFTER_LOGIN = ROUTES.vehicle;

const ALL_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_FLEET', 'ROLE_DEALER'];

/** Who may open which private area (§2.2). */
export const ROUTE_ROLES = {
  admin: ['ROLE_ADMIN'],
  account: ALL_ROLES,
  rolesPermission: ['ROLE_ADMIN', 'ROLE_USER'],
  report: ['ROLE_ADMIN', 'ROLE_USER'],
  home: ALL_ROLES,
  dashboard: ALL_ROLES,
  analytics: ALL_ROLES,
  /** Staff read the zones; a driver (ROLE_USER too) is refused by the server and sees 'Access denied'. */
  zones: ALL_ROLES,
  /** Those who manage signed webhooks for the vehicles they see (docs/integrations.md). */
  webhooks: ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'],
  entities: ['ROLE_USER', 'ROLE_FLEET', 'ROLE_DEALER'],
} as const satisfies Record<string, readonly Role[]>;

/** The record areas mounted under / (the "entities" area); each owns its sub-routes. */
export const ENTITY_AREAS = [
  ROUTES.vehicle,
  ROUTES.vehicleCan,
  ROUTES.dealer,
  ROUTES.fleet,
  ROUTES.driver,
  ROUTES.usersPage,
  ROUTES.emailTemplate,
  ROUTES.vehicleTemplate,
  ROUTES.vehicleLog,
  ROUTES.car,
  ROUTES.notification,
] as const;
export type EntityArea = (typeof ENTITY_AREAS)[number];
