import type { Page } from '@evfleet/domain';
import {
  IconBuildingStore,
  IconCar,
  IconCarOff,
  IconChartBar,
  IconLayoutDashboard,
  IconReport,
  IconSettings,
  IconSteeringWheel,
  IconTruck,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { ROUTES } from '../routes';
import { can, type Access } from '../session/permissions';

/** One entry of the side menu (§2.3); `page` is the allowed page that makes it visible. */
export interface MenuEntry {
  id: string;
  label: string;
  to?: string;
  page?: Page;
  /** What a top-level entry shows in the collapsed sidebar. */
  icon?: Icon;
  children?: MenuEntry[];
}

export const SIDE_MENU: readonly MenuEntry[] = [
  { id: 'dashboard', label: 'Dashboard', to: ROUTES.dashboard, page: 'Dashboard Screen', icon: IconLayoutDashboard },
  {
    id: 'vehicle',
    label: 'Vehicle',
    icon: IconCar,
    children: [{ id: 'vehicle-list', label: 'Vehicle List', to: ROUTES.vehicle, page: 'Vehicle Details' }],
  },
  // Every role: each sees the figures of the vehicles it may see (issue 17).
  { id: 'analytics', label: 'Analytics', to: ROUTES.analytics, icon: IconChartBar },
  { id: 'vehicle-can', label: 'Unassigned Vehicles', to: ROUTES.vehicleCan, page: 'Settings', icon: IconCarOff },
  { id: 'dealer', label: 'Dealer', to: ROUTES.dealer, page: 'Dealer Screen', icon: IconBuildingStore },
  { id: 'fleet', label: 'Fleet', to: ROUTES.fleet, page: 'Fleet Screen', icon: IconTruck },
  { id: 'driver', label: 'Driver', to: ROUTES.driver, page: 'Driver Screen', icon: IconSteeringWheel },
  {
    id: 'report',
    label: 'Report',
    icon: IconReport,
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
    icon: IconSettings,
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
  { id: 'profile', label: 'Profile', to: ROUTES.accountSettings, icon: IconUserCircle },
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

/** The pages a group leads to, nested groups flattened: what its pop-out lists in the collapsed sidebar. */
export function leavesOf(entry: MenuEntry): MenuEntry[] {
  return entry.children ? entry.children.flatMap(leavesOf) : [entry];
}
