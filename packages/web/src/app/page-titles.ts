import { matchPath } from 'react-router';
import { ROUTES, type EntityArea } from './routes';

/** What the browser tab, history and bookmarks call the portal. */
export const APP_NAME = 'evfleet';

/** The plural (list) and singular (one record) name of each entity area. */
const ENTITY_NAMES: Record<EntityArea, readonly [list: string, one: string]> = {
  [ROUTES.vehicle]: ['Vehicles', 'Vehicle'],
  [ROUTES.vehicleCan]: ['Unassigned vehicles', 'Unassigned vehicle'],
  [ROUTES.dealer]: ['Dealers', 'Dealer'],
  [ROUTES.fleet]: ['Fleets', 'Fleet'],
  [ROUTES.driver]: ['Drivers', 'Driver'],
  [ROUTES.usersPage]: ['Users', 'User'],
  [ROUTES.emailTemplate]: ['Email templates', 'Email template'],
  [ROUTES.vehicleTemplate]: ['Vehicle configuration templates', 'Vehicle configuration template'],
  [ROUTES.vehicleLog]: ['Vehicle logs', 'Vehicle log'],
  [ROUTES.car]: ['Cars', 'Car'],
  [ROUTES.notification]: ['Notifications', 'Notification'],
};

/** Every page of the portal and its name, the first matching pattern winning. */
const PAGE_TITLES: readonly (readonly [pattern: string, title: string])[] = [
  [ROUTES.login, 'Sign in'],
  [ROUTES.logout, 'Sign out'],
  [ROUTES.register, 'Register'],
  [`${ROUTES.activate}/:key?`, 'Activate account'],
  [ROUTES.resetRequest, 'Reset password'],
  [`${ROUTES.resetFinish}/:key?`, 'Choose a new password'],
  [ROUTES.dashboard, 'Dashboard'],
  [ROUTES.home, 'Home'],
  [ROUTES.accountSettings, 'Account settings'],
  [ROUTES.accountPassword, 'Change password'],
  [ROUTES.adminUsers, 'User management'],
  [`${ROUTES.admin}/metrics`, 'Metrics'],
  [`${ROUTES.admin}/health`, 'Health'],
  [`${ROUTES.admin}/configuration`, 'Configuration'],
  [`${ROUTES.admin}/audits`, 'Audits'],
  [`${ROUTES.admin}/logs`, 'Logs'],
  [`${ROUTES.admin}/diagnostics`, 'Diagnostics'],
  [`${ROUTES.admin}/docs`, 'API'],
  [`${ROUTES.admin}/*`, 'System'],
  [ROUTES.fleetOwnerPermissions, 'Fleet owner permissions'],
  [ROUTES.dealerPermissions, 'Dealer permissions'],
  [ROUTES.canHistoryReport, 'CAN history report'],
  [ROUTES.reportResult, 'Report result'],
  [ROUTES.reportTemplate, 'Report templates'],
  [ROUTES.analytics, 'Analytics'],
  ...Object.entries(ENTITY_NAMES).flatMap(([area, [list, one]]) => [
    [area, list] as const,
    [`${area}/new`, `New ${one.toLowerCase()}`] as const,
    [`${area}/:id/edit`, `Edit ${one.toLowerCase()}`] as const,
    [`${area}/:id/delete`, `Delete ${one.toLowerCase()}`] as const,
    [`${area}/:id/*`, one] as const,
  ]),
];

/** The document title of a page: its name, then the portal's ("Vehicles · evfleet"). */
export function documentTitle(pathname: string): string {
  const found = PAGE_TITLES.find(([pattern]) => matchPath({ path: pattern, caseSensitive: false }, pathname));
  return `${found?.[1] ?? 'Page not found'} · ${APP_NAME}`;
}
