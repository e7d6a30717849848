import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { dealer, driver, fleet, vehicle } from '../db/schema.js';
import { zone } from '../db/zones-schema.js';
import { forbidden, notFound } from '../http/errors.js';
import type { SessionAccount } from './sessions.js';
import type { AuthUser } from './tokens.js';

/**
 * Who sees what (docs/permissions.md, docs/security.md): the one place that turns a caller into the
 * records it may see. Every query of people, vehicles and zones and the live feed filter through it.
 *
 * Deny by default: a caller sees what its administrator role, its staff flag or its link to a
 * dealer, fleet or driver gives it, and nothing else. An account with none of these (a fresh
 * self-registration, a driver whose driver record was deleted) is `none`: empty lists, 403 on records.
 */
export type Scope =
  | { kind: 'all'; admin: boolean }
  | { kind: 'dealer'; dealerId: number }
  | { kind: 'fleet'; fleetId: number; dealerId: number }
  | { kind: 'driver'; driverId: number; fleetId: number }
  | { kind: 'none' };

/** The caller as the permission matrix names it. */
export type Actor = 'admin' | 'staff' | 'dealer' | 'fleet' | 'driver' | 'none';

export const actorOf = (scope: Scope): Actor => (scope.kind === 'all' ? (scope.admin ? 'admin' : 'staff') : scope.kind);

/** Refuses (403) a caller whose actor is not among those allowed. */
export function allow(scope: Scope, ...actors: Actor[]): void {
  if (!actors.includes(actorOf(scope))) throw forbidden();
}

/** The caller's scope, refused (403) unless its actor is among those allowed. */
export async function allowedScope(db: Db, user: AuthUser, ...actors: Actor[]): Promise<Scope> {
  const scope = await resolveScope(db, user);
  allow(scope, ...actors);
  return scope;
}

/** A record the caller cannot see: 404 hides another tenant's record; a caller who sees nothing at all gets 403. */
export const notVisible = (scope: Scope, what?: string) => (scope.kind === 'none' ? forbidden() : notFound(what));

type Links = {
  staff: boolean;
  dealer_id: number | null;
  fleet_id: number | null;
  fleet_dealer_id: number | null;
  driver_id: number | null;
  driver_fleet_id: number | null;
};

/**
 * Resolves the caller from its roles, its staff flag and its links, read from the database on each
 * call so that removing a link takes effect at once. A role without its link, or a link without its
 * role, gives nothing; the staff flag is set only by administrators (never implied by a missing link).
 */
export function resolveScope(db: Db, user: AuthUser): Promise<Scope> {
  // The session check makes a new user object per request, so this is one read per request: the
  // guard's check of a route kept to roles and the service's own filter share it.
  let scope = resolved.get(user);
  if (!scope) {
    scope = readScope(db, user);
    resolved.set(user, scope);
  }
  return scope;
}
const resolved = new WeakMap<AuthUser, Promise<Scope>>();

async function readScope(db: Db, user: AuthUser): Promise<Scope> {
  if (user.authorities.includes('ROLE_ADMIN')) return { kind: 'all', admin: true };
  // Each link is unique per user, so this answers one row (none when the account is gone).
  const { rows } = await db.execute<Links>(sql`
    select u.staff, d.id as dealer_id, f.id as fleet_id, f.dealer_id as fleet_dealer_id, dr.id as driver_id, dr.fleet_id as driver_fleet_id
    from app_user u
    left join dealer d on d.user_id = u.id
    left join fleet f on f.user_id = u.id
    left join driver dr on dr.user_id = u.id
    where u.id = ${user.id}`);
  const links = rows[0];
  if (!links) return { kind: 'none' };
  const has = (role: AuthUser['authorities'][number]) => user.authorities.includes(role);
  if (links.dealer_id !== null && has('ROLE_DEALER')) return { kind: 'dealer', dealerId: links.dealer_id };
  if (links.fleet_id !== null && links.fleet_dealer_id !== null && has('ROLE_FLEET')) {
    return { kind: 'fleet', fleetId: links.fleet_id, dealerId: links.fleet_dealer_id };
  }
  if (links.driver_id !== null && links.driver_fleet_id !== null)
    return { kind: 'driver', driverId: links.driver_id, fleetId: links.driver_fleet_id };
  if (links.staff && has('ROLE_USER')) return { kind: 'all', admin: false };
  return { kind: 'none' };
}

/** The vehicles a caller may see: all, its dealer's, its fleet's, those assigned to the driver, or none. */
export function visibleVehicles(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'dealer':
      return eq(vehicle.dealerId, scope.dealerId);
    case 'fleet':
      return eq(vehicle.fleetId, scope.fleetId);
    case 'driver':
      return eq(vehicle.driverId, scope.driverId);
    case 'none':
      return sql`false`;
  }
}

/**
 * Whether an account, as it stands now (active, with its rights), may see a vehicle: what the
 * outboxes ask before each message about a vehicle leaves for someone (webhooks, push).
 */
export async function accountSeesVehicle(db: Db, account: SessionAccount | undefined, vehicleId: number) {
  if (!account?.activated) return false;
  const scope = await resolveScope(db, { id: account.id, login: account.login, authorities: account.authorities });
  const [seen] = await db
    .select({ id: vehicle.id })
    .from(vehicle)
    .where(and(eq(vehicle.id, vehicleId), visibleVehicles(scope)));
  return seen !== undefined;
}

/** {@link visibleVehicles} as a condition that is never undefined, for raw SQL over `vehicle`. */
export const vehicleSeen = (scope: Scope): SQL => {
  const where = visibleVehicles(scope);
  return where ? sql`${where}` : sql`true`;
};

/** A dealer sees itself; fleet owners and drivers see no dealer (the services refuse them first). */
export const visibleDealers = (scope: Scope): SQL | undefined => {
  if (scope.kind === 'all') return undefined;
  return scope.kind === 'dealer' ? eq(dealer.id, scope.dealerId) : sql`false`;
};

/** A dealer sees its fleets, a fleet owner its own; drivers see none (the services refuse them first). */
export const visibleFleets = (scope: Scope): SQL | undefined => {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'dealer':
      return eq(fleet.dealerId, scope.dealerId);
    case 'fleet':
      return eq(fleet.id, scope.fleetId);
    default:
      return sql`false`;
  }
};

/** A dealer sees the drivers of its fleets, a fleet owner those of its fleet, a driver itself. */
export const visibleDrivers = (scope: Scope): SQL | undefined => {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'dealer':
      return sql`"driver"."fleet_id" in (select f.id from fleet f where f.dealer_id = ${scope.dealerId})`;
    case 'fleet':
      return eq(driver.fleetId, scope.fleetId);
    case 'driver':
      return eq(driver.id, scope.driverId);
    case 'none':
      return sql`false`;
  }
};

/**
 * A dealer sees its own zones and those of its fleets, a fleet owner and a driver their fleet's
 * (docs/zones.md); who may change them is the service's (drivers none).
 */
export const visibleZones = (scope: Scope): SQL | undefined => {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'dealer':
      return sql`(${eq(zone.dealerId, scope.dealerId)} or "zone"."fleet_id" in (select f.id from fleet f where f.dealer_id = ${scope.dealerId}))`;
    case 'fleet':
    case 'driver':
      return eq(zone.fleetId, scope.fleetId);
    default:
      return sql`false`;
  }
};

/**
 * Who may clear a vehicle's warning log for everyone: administrators and the vehicle's owners (its
 * dealer, the owner of its fleet). Staff and drivers read the log but do not erase it.
 */
export const mayClearWarningLogs = (scope: Scope, v: { dealerId: number | null; fleetId: number | null }): boolean =>
  (scope.kind === 'all' && scope.admin) ||
  (scope.kind === 'dealer' && v.dealerId === scope.dealerId) ||
  (scope.kind === 'fleet' && v.fleetId === scope.fleetId);

/**
 * Who may set a vehicle's tracker and send it commands: administrators and the vehicle's dealer,
 * who installs the box. A fleet owner or driver reads the tracker but does not change it.
 */
export const mayManageTracker = (scope: Scope, v: { dealerId: number | null }): boolean =>
  (scope.kind === 'all' && scope.admin) || (scope.kind === 'dealer' && v.dealerId === scope.dealerId);
