import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { forbidden } from '../http/errors.js';
import type { AuthUser } from './tokens.js';

/**
 * Whose records a caller may see (docs/permissions.md). Every people and vehicle query is filtered
 * by it; `admin` tells an administrator (who may change anything) from staff (who only read).
 */
export type Scope =
  | { kind: 'all'; admin: boolean }
  | { kind: 'dealer'; dealerId: number }
  | { kind: 'fleet'; fleetId: number; dealerId: number }
  | { kind: 'driver'; driverId: number; fleetId: number };

/** The caller as the permission matrix names it. */
export type Actor = 'admin' | 'staff' | 'dealer' | 'fleet' | 'driver';

export const actorOf = (scope: Scope): Actor => (scope.kind === 'all' ? (scope.admin ? 'admin' : 'staff') : scope.kind);

/** Refuses (403) a caller whose actor is not among those allowed. */
export function allow(scope: Scope, ...actors: Actor[]): void {
  if (!actors.includes(actorOf(scope))) throw forbidden();
}

type Links = {
  dealer_id: number | null;
  fleet_id: number | null;
  fleet_dealer_id: number | null;
  driver_id: number | null;
  driver_fleet_id: number | null;
};

/**
 * Resolves the caller from its roles and its links to a dealer, fleet or driver. Administrators see
 * all; a link decides the other kinds (a role without its link, or a link without its role, sees
 * nothing); a ROLE_USER account linked to nobody is staff.
 */
export async function resolveScope(db: Db, user: AuthUser): Promise<Scope> {
  if (user.authorities.includes('ROLE_ADMIN')) return { kind: 'all', admin: true };
  // Each link is unique per user, so this answers one row.
  const { rows } = await db.execute<Links>(sql`
    select d.id as dealer_id, f.id as fleet_id, f.dealer_id as fleet_dealer_id, dr.id as driver_id, dr.fleet_id as driver_fleet_id
    from (select 1) as one
    left join dealer d on d.user_id = ${user.id}
    left join fleet f on f.user_id = ${user.id}
    left join driver dr on dr.user_id = ${user.id}`);
  const links = rows[0];
  const has = (role: AuthUser['authorities'][number]) => user.authorities.includes(role);
  if (links.dealer_id !== null && has('ROLE_DEALER')) return { kind: 'dealer', dealerId: links.dealer_id };
  if (links.fleet_id !== null && links.fleet_dealer_id !== null && has('ROLE_FLEET')) {
    return { kind: 'fleet', fleetId: links.fleet_id, dealerId: links.fleet_dealer_id };
  }
  if (links.driver_id !== null && links.driver_fleet_id !== null) return { kind: 'driver', driverId: links.driver_id, fleetId: links.driver_fleet_id };
  const linked = links.dealer_id !== null || links.fleet_id !== null;
  if (!linked && has('ROLE_USER')) return { kind: 'all', admin: false };
  throw forbidden();
}
