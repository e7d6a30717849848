import { z } from 'zod';

export const ROLES = ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_FLEET', 'ROLE_DEALER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Page names of part 1 §6; menus and server guards both read them. */
export const PAGES = [
  'Dashboard Screen',
  'Vehicle Details',
  'Driver Screen',
  'CAN History Report',
  'Dealer Screen',
  'Fleet Screen',
  'Settings',
  'Roles And Permission',
  'Vehicle Configuration Template',
] as const;
export const pageSchema = z.enum(PAGES);
export type Page = z.infer<typeof pageSchema>;

/**
 * The pages each role starts with (seeded into role_page). Administrators change them later on the
 * role-permission screens; the seed is only the starting point.
 */
export const DEFAULT_PAGES: Record<Role, readonly Page[]> = {
  ROLE_ADMIN: PAGES,
  ROLE_USER: ['Dashboard Screen', 'Vehicle Details', 'CAN History Report'],
  ROLE_DEALER: ['Dashboard Screen', 'Vehicle Details', 'Dealer Screen', 'Fleet Screen', 'Driver Screen'],
  ROLE_FLEET: ['Dashboard Screen', 'Vehicle Details', 'Driver Screen'],
};

const ROLES_HIGHEST_FIRST: readonly Role[] = ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET', 'ROLE_USER'];

/**
 * The role the sidebar names a user by: the highest they hold. §2.3 shows "the second authority",
 * which would label an administrator (ROLE_ADMIN, ROLE_USER) as a plain user.
 */
export function highestRole(authorities: readonly string[]): Role | undefined {
  return ROLES_HIGHEST_FIRST.find((role) => authorities.includes(role));
}

/**
 * §6: with more than one role the pages of ROLE_ADMIN are used, otherwise the single role's. A user
 * holding several roles but not ROLE_ADMIN gets its first role's pages, so a menu never offers more
 * than the server allows (docs/permissions.md).
 */
export function pageAuthority(authorities: readonly string[]): string | undefined {
  if (authorities.length > 1 && authorities.includes('ROLE_ADMIN')) return 'ROLE_ADMIN';
  return authorities[0];
}

export const isAdmin = (authorities: readonly string[]) => authorities.includes('ROLE_ADMIN');

export const rolePageSchema = z.object({ authority: z.string(), page: pageSchema });
export type RolePage = z.infer<typeof rolePageSchema>;

/**
 * Roles that may clear a vehicle's warning log: administrators and the vehicle's owners (its dealer,
 * its fleet's owner). The server also checks that the vehicle is the caller's own (auth/visibility.ts).
 */
export const WARNING_LOG_CLEARERS: readonly Role[] = ['ROLE_ADMIN', 'ROLE_DEALER', 'ROLE_FLEET'];
