import type { Page, Role } from '@evfleet/domain';
import {
  IconBell,
  IconBuildingStore,
  IconCar,
  IconCarOff,
  IconChartBar,
  IconKey,
  IconLayoutDashboard,
  IconMapPin,
  IconReport,
  IconSettings,
  IconSteeringWheel,
  IconTruck,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { ROUTE_ROLES, ROUTES } from '../../routing/routes';
import { can, type Access } from '../../session/permissions';
import type { en as app } from '../locales/en';

/** The ids of the menu's entries: those the shell's catalogue names. */
type MenuId = { [Key in keyof typeof app]: Key extends `menu.${infer Id}` ? Id : never }[keyof typeof app];

/**
 * One entry of the side menu (§2.3), named by its id ('menu.<id>' in the shell's catalogue); `page`
 * is the allowed page that makes it visible.
 */
export interface MenuEntry {
  id: MenuId;
  to?: string;
  page?: Page;
  /** The roles that see it, for a page no role-permission page governs. */
  roles?: readonly Role[];
  /** What a top-level entry shows in the collapsed sidebar. */
  icon?: Icon;
  children?: MenuEntry[];
}

export const SIDE_MENU: readonly MenuEntry[] = [
  { id: 'dashboard', to: ROUTES.dashboard, page: 'Dashboard Screen', icon: IconLayoutDashboard },
  {
    id: 'vehicle',
    icon: IconCar,
    children: [{ id: 'vehicle-list', to: ROUTES.vehicle, page: 'Vehicle Details' }],
  },
  // Every role: each sees the figures of the vehicles it may see.
  { id: 'analytics', to: ROUTES.analytics, icon: IconChartBar },
  { id: 'vehicle-can', to: ROUTES.vehicleCan, page: 'Settings', icon: IconCarOff },
  { id: 'dealer', to: ROUTES.dealer, page: 'Dealer Screen', icon: IconBuildingStore },
  { id: 'fleet', to: ROUTES.fleet, page: 'Fleet Screen', icon: IconTruck },
  { id: 'driver', to: ROUTES.driver, page: 'Driver Screen', icon: IconSteeringWheel },
  // Those who manage zones; staff and drivers, who read them, open the page by its address.
  { id: 'zones', to: ROUTES.zones, roles: ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'], icon: IconMapPin },
  {
    id: 'report',
    icon: IconReport,
    children: [
      {
        id: 'can-history-report',
        to: ROUTES.canHistoryReport,
        page: 'CAN History Report',
      },
    ],
  },
  {
    id: 'administration',
    icon: IconSettings,
    // Its settings pages need the page 'Settings' (those with a page of their own, that page); webhooks go by role.
    children: [
      { id: 'users', to: ROUTES.usersPage, page: 'Settings' },
      {
        id: 'roles-permission',
        page: 'Roles And Permission',
        children: [
          // The spec gives Super Admin no page of its own; the super users are managed on /users-page.
          { id: 'super-admin', to: ROUTES.usersPage },
          { id: 'fleet-owner', to: ROUTES.fleetOwnerPermissions },
          { id: 'dealer-role', to: ROUTES.dealerPermissions },
        ],
      },
      { id: 'email-template', to: ROUTES.emailTemplate, page: 'Settings' },
      // The other record screens of part 2 §2, which the seed's menu leaves reachable only by address.
      { id: 'vehicle-log', to: ROUTES.vehicleLog, page: 'Settings' },
      { id: 'notification', to: ROUTES.notification, page: 'Settings' },
      { id: 'car', to: ROUTES.car, page: 'Settings' },
      {
        id: 'vehicle-template',
        to: ROUTES.vehicleTemplate,
        page: 'Vehicle Configuration Template',
      },
      // Signed webhooks (docs/integrations.md): everyone who manages vehicles sends their events on.
      { id: 'webhooks', to: ROUTES.webhooks, roles: ROUTE_ROLES.webhooks },
      // §2.3's administration menu (user management, metrics, health, configuration, audits, logs, docs):
      // one entry, the screens are tabs of /admin (ROLE_ADMIN only, as the route table says).
      { id: 'system', to: ROUTES.admin, page: 'Settings' },
    ],
  },
  { id: 'profile', to: ROUTES.accountSettings, icon: IconUserCircle },
  // Every signed-in person's keys for programs (docs/integrations.md), beside the profile they belong to.
  { id: 'api-keys', to: ROUTES.accountApiKeys, icon: IconKey },
  // Alerts on the phone (docs/integrations.md): each person turns them on per browser.
  { id: 'notifications', to: ROUTES.accountNotifications, icon: IconBell },
];

/** The entries the user's allowed pages show; a group left without visible children disappears. */
export function visibleMenu(entries: readonly MenuEntry[], access: Access): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.page && !can(access, { page: entry.page })) return [];
    if (entry.roles && !can(access, { roles: entry.roles })) return [];
    if (!entry.children) return [entry];
    const children = visibleMenu(entry.children, access);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** The pages a group leads to, nested groups flattened: what its pop-out lists in the collapsed sidebar. */
export function leavesOf(entry: MenuEntry): MenuEntry[] {
  return entry.children ? entry.children.flatMap(leavesOf) : [entry];
}
