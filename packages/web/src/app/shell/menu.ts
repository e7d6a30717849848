import type { Page } from '@evfleet/domain';
import { ROUTES } from '../routes';
import { can, type Access } from '../session/permissions';

/** One entry of the side menu (§2.3); `page` is the allowed page that makes it visible. */
export interface MenuEntry {
  id: string;
  label: string;
  to?: string;
  page?: Page;
  children?: MenuEntry[];
}

export const SIDE_MENU: readonly MenuEntry[] = [
  { id: 'dashboard', label: 'Dashboard', to: ROUTES.dashboard, page: 'Dashboard Screen' },
  {
    id: 'vehicle',
    label: 'Vehicle',
    children: [{ id: 'vehicle-list', label: 'Vehicle List', to: ROUTES.vehicle, page: 'Vehicle Details' }],
  },
  // Every role: each sees the figures of the vehicles it may see (issue 17).
  { id: 'analytics', label: 'Analytics', to: ROUTES.analytics },
  { id: 'vehicle-can', label: 'Unassigned Vehicles', to: ROUTES.vehicleCan, page: 'Settings' },
  { id: 'dealer', label: 'Dealer', to: ROUTES.dealer, page: 'Dealer Screen' },
  { id: 'fleet', label: 'Fleet', to: ROUTES.fleet, page: 'Fleet Screen' },
  { id: 'driver', label: 'Driver', to: ROUTES.driver, page: 'Driver Screen' },
  {
    id: 'report',
    label: 'Report',
    children: [
      {
        id: 'can-history-report',
        label: 'CAN History Report',
        to: ROUTES.canHistoryReport,
        page: 'CAN History Report',
      },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    page: 'Settings',
    children: [
      { id: 'users', label: 'Users', to: ROUTES.usersPage },
      {
        id: 'roles-permission',
        label: 'Roles And Permission',
        page: 'Roles And Permission',
        children: [
          // The spec gives Super Admin no page of its own; the super users are managed on /users-page.
          { id: 'super-admin', label: 'Super Admin', to: ROUTES.usersPage },
          { id: 'fleet-owner', label: 'Fleet Owner', to: ROUTES.fleetOwnerPermissions },
          { id: 'dealer-role', label: 'Dealer', to: ROUTES.dealerPermissions },
        ],
      },
      { id: 'email-template', label: 'Email Template', to: ROUTES.emailTemplate },
      // The other record screens of part 2 §2, which the seed's menu leaves reachable only by address.
      { id: 'vehicle-log', label: 'Vehicle Logs', to: ROUTES.vehicleLog },
      { id: 'notification', label: 'Notifications', to: ROUTES.notification },
      { id: 'car', label: 'Cars', to: ROUTES.car },
      {
        id: 'vehicle-template',
        label: 'Vehicle Configuration Template',
        to: ROUTES.vehicleTemplate,
        page: 'Vehicle Configuration Template',
      },
      // §2.3's administration menu (user management, metrics, health, configuration, audits, logs, docs):
      // one entry, the screens are tabs of /admin (ROLE_ADMIN only, as the route table says).
      { id: 'system', label: 'System', to: ROUTES.admin },
    ],
  },
  { id: 'profile', label: 'Profile', to: ROUTES.accountSettings },
];

/** The entries the user's allowed pages show; a group left without visible children disappears. */
export function visibleMenu(entries: readonly MenuEntry[], access: Access): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.page && !can(access, { page: entry.page })) return [];
    if (!entry.children) return [entry];
    const children = visibleMenu(entry.children, access);
    return children.length ? [{ ...entry, children }] : [];
  });
}
