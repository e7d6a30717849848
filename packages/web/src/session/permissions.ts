import { ADMIN_ONLY, PEOPLE_WRITERS, WARNING_LOG_CLEARERS, type Page, type Role } from '@evfleet/domain';
import { ROUTE_ROLES } from '../routing/routes';

/** What a signed-in user is allowed comes from two things of the account: its roles and its role's pages (§6). */
export interface Access {
  authorities: readonly string[];
  pages: readonly Page[];
}

/**
 * The actions the screens offer only to some roles, each with the roles the server admits for it, so
 * the web offers no button whose call would be refused (docs/permissions.md).
 */
const ACTION_ROLES = {
  ...PEOPLE_WRITERS,
  /** §6: adding, configuring, deleting and switching vehicles on and off. */
  vehicles: ADMIN_ONLY,
  /** Creating, changing and deleting vehicle configuration templates. */
  templates: ADMIN_ONLY,
  /** The factors behind the dashboard's Emission and Dollars Saved cards. */
  dashboardFactors: ADMIN_ONLY,
  /** Switching the role-permission toggles; others see them read-only. */
  rolePermissions: ADMIN_ONLY,
  /** Reading the user accounts (a dealer's sign-in account is picked from them). */
  users: ADMIN_ONLY,
  clearWarningLog: WARNING_LOG_CLEARERS,
  /** Opening the CAN history report pages. */
  report: ROUTE_ROLES.report,
  /**
   * Setting a vehicle's tracker and sending it commands: administrators and the vehicle's dealer,
   * who installs the box (the server's mayManageTracker). A dealer sees only its own vehicles, so on
   * every vehicle a dealer is shown it is that vehicle's dealer.
   */
  trackers: ['ROLE_ADMIN', 'ROLE_DEALER'],
  /** Creating, changing and deleting device profiles and reading what they leave unmapped. */
  deviceProfiles: ADMIN_ONLY,
  /** Creating, changing and deleting zones (docs/zones.md); staff read them, drivers are refused. */
  zones: ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'],
  /** Reading the dealers a zone may belong to (api/dealers refuses fleet owners). */
  zoneDealers: ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_DEALER'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTION_ROLES;

/** What is asked: a named action, the roles a route or record definition admits, or one of the role's pages. */
export type Requirement = Action | { roles: readonly string[] } | { page: Page };

/**
 * §2.2: a user with no authorities is never authorised; an empty required list lets any
 * authenticated user pass; otherwise one shared role is enough.
 */
function hasAnyAuthority(authorities: readonly string[], required: readonly string[]): boolean {
  if (authorities.length === 0) return false;
  if (required.length === 0) return true;
  return required.some((role) => authorities.includes(role));
}

/** Whether the account's roles and pages allow what is asked: the one place the web decides it. */
export function can(access: Access, requirement: Requirement): boolean {
  if (typeof requirement === 'string') return hasAnyAuthority(access.authorities, ACTION_ROLES[requirement]);
  if ('roles' in requirement) return hasAnyAuthority(access.authorities, requirement.roles);
  return access.pages.includes(requirement.page);
}
