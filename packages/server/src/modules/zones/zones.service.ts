import type { PageQuery, Period, ZoneWrite } from '@evfleet/domain';
import { and, eq, sql } from 'drizzle-orm';
import { notVisible, type Scope, allowedScope, vehicleSeen } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db, Queryable } from '../../db/client.js';
import { listOf } from '../../db/listing.js';
import { forbidden, notFound } from '../../http/errors.js';
import { fleetsRepository as fleets } from '../fleets/index.js';
import { zonesRepository as repo } from './zones.repository.js';
import { toZone } from './zones.presenter.js';
import { vehicle } from '../../db/schema.js';
import { zoneVisit } from '../../db/zones-schema.js';
import { can, vehicleFor } from '../role-permissions/index.js';
import { toZoneVisit } from './zone-visits.presenter.js';
import { visitsBetween } from './zone-visits.repository.js';
import { visitsWorkbook } from './zone-visits-xlsx.js';

/**
 * Depots and zones (docs/zones.md). Administrators and staff read every zone, a dealer its own and
 * its fleets', a fleet owner and a driver their fleet's (a driver sees its depot on the map);
 * administrators, dealers and fleet owners change what they read, staff and drivers nothing;
 * unlinked accounts are refused.
 */
export function createZonesService({ db }: { db: Db }) {
  const reader = (by: AuthUser) => allowedScope(db, by, 'admin', 'staff', 'dealer', 'fleet', 'driver');
  const writer = (by: AuthUser) => allowedScope(db, by, 'admin', 'dealer', 'fleet');
  const one = async (q: Queryable, scope: Scope, id: number) => {
    const row = await repo.find(q, scope, id);
    if (!row) throw notVisible(scope, 'The zone');
    return row;
  };

  /**
   * The owner a write names must be one the caller manages: a dealer itself or one of its fleets, a
   * fleet owner its fleet (another tenant's: 403); an administrator names a dealer or fleet that exists.
   */
  const checkOwner = async (q: Queryable, scope: Scope, input: ZoneWrite) => {
    if (input.fleetId !== null) {
      const owner = await fleets.ref(q, scope, input.fleetId);
      if (owner) return;
      throw scope.kind === 'all' ? notFound('The fleet') : forbidden();
    }
    if (scope.kind === 'dealer' && input.dealerId === scope.dealerId) return;
    if (scope.kind !== 'all') throw forbidden();
    if (!(await fleets.dealerExists(q, input.dealerId as number))) throw notFound('The dealer');
  };

  /** Writes the zone, a new one when `id` is absent, and answers it as the call does. */
  const save = (scope: Scope, input: ZoneWrite, id?: number) =>
    db.transaction(async (tx) => {
      if (id !== undefined && !(await repo.lock(tx, scope, id))) throw notVisible(scope, 'The zone');
      await checkOwner(tx, scope, input);
      if (id === undefined) return toZone(await one(tx, scope, await repo.insert(tx, input)));
      await repo.update(tx, id, { ...input, updatedAt: sql`now()` });
      return toZone(await one(tx, scope, id));
    });

  /** A vehicle's visits, with what it charged there: as its charging sessions, behind the CAN details toggle. */
  const vehicleVisits = async (by: AuthUser, id: number, period: Period) => {
    const v = await vehicleFor(
      db,
      by,
      async (where) => (await db.select({ id: vehicle.id, fleetId: vehicle.fleetId }).from(vehicle).where(where))[0],
      eq(vehicle.id, id),
      'canDetails',
    );
    return (await visitsBetween(db, eq(zoneVisit.vehicleId, v.id), period)).map((r) => toZoneVisit(r));
  };

  /**
   * A zone's visits, by the vehicles the caller also sees; what a vehicle charged is withheld where
   * the role toggles withhold its CAN details (they tell a fleet's vehicles from a dealer's own).
   */
  const zoneVisits = async (by: AuthUser, id: number, period: Period) => {
    const scope = await reader(by);
    await one(db, scope, id);
    const rows = await visitsBetween(db, and(eq(zoneVisit.zoneId, id), vehicleSeen(scope))!, period);
    const [inFleet, own] = await Promise.all([
      can(db, scope, 'canDetails', { fleetId: 0 }),
      can(db, scope, 'canDetails', { fleetId: null }),
    ]);
    return rows.map((r) => toZoneVisit(r, !(r.vehicleFleetId === null ? own : inFleet)));
  };

  return {
    vehicleVisits,
    vehicleVisitsXlsx: async (by: AuthUser, id: number, period: Period) =>
      visitsWorkbook(await vehicleVisits(by, id, period)),
    zoneVisits,
    zoneVisitsXlsx: async (by: AuthUser, id: number, period: Period) =>
      visitsWorkbook(await zoneVisits(by, id, period)),

    async page(by: AuthUser, page: PageQuery) {
      const { rows, total } = await repo.list(db, await reader(by), page);
      return listOf(rows, total, toZone);
    },

    get: async (by: AuthUser, id: number) => toZone(await one(db, await reader(by), id)),

    create: async (by: AuthUser, input: ZoneWrite) => save(await writer(by), input),

    update: async (by: AuthUser, id: number, input: ZoneWrite) => save(await writer(by), input, id),

    async remove(by: AuthUser, id: number) {
      const scope = await writer(by);
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, scope, id))) throw notVisible(scope, 'The zone');
        await repo.delete(tx, id);
      });
    },
  };
}
export type ZonesService = ReturnType<typeof createZonesService>;
