import type { FleetAssignment, PageQuery, VehicleAssignBody } from '@evfleet/domain';
import { visibleVehicles, type Scope, allowedScope } from '../../../auth/visibility.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db, Queryable } from '../../../db/client.js';
import { fieldErrors, notFound, refused } from '../../../http/errors.js';
import { fleetsRepository as fleets } from '../../fleets/index.js';
import { listOf } from '../../../db/listing.js';
import { requireDealerAction } from '../../role-permissions/index.js';
import { vehicleRecordsRepository as records } from '../records/vehicle-records.repository.js';
import { vehicleLinksRepository as vehicles, vehiclesWhere } from './vehicle-links.repository.js';

const same = <T>(item: T) => item;
const names = (items: { name: string }[]) => items.map((v) => v.name).join(', ');

/** The vehicle grids of the fleet detail and PATCH api/vehicle/assign (part 1 §2.5, part 2 §7). */
export function createVehicleAssignmentService({ db }: { db: Db }) {
  const fleetOf = async (q: Queryable, scope: Scope, fleetId: number) => {
    const fleet = await fleets.ref(q, scope, fleetId);
    if (!fleet) throw notFound('The fleet');
    return fleet;
  };

  /** One fleet's assignment, all or nothing with the others of the same call. */
  const applyOne = async (tx: Queryable, scope: Scope, entry: FleetAssignment, isAssigned: boolean) => {
    const fleet = await fleetOf(tx, scope, entry.fleetId);
    const locked = await vehicles.lock(tx, entry.vehicleIds);
    // The dealer's own vehicles; an administrator may also hand a vehicle of no dealer to the fleet's dealer.
    const reachable = locked.filter(
      (v) => v.dealerId === fleet.dealerId || (isAssigned && v.dealerId === null && scope.kind === 'all'),
    );
    if (reachable.length !== new Set(entry.vehicleIds).size) throw notFound('The vehicle');
    if (isAssigned) {
      const elsewhere = reachable.filter((v) => v.fleetId !== null && v.fleetId !== fleet.id);
      if (elsewhere.length) throw refused(`Already assigned to another fleet: ${names(elsewhere)}.`, 'vehicletaken');
      await vehicles.set(tx, entry.vehicleIds, { fleetId: fleet.id, dealerId: fleet.dealerId });
    } else {
      const outside = reachable.filter((v) => v.fleetId !== fleet.id);
      if (outside.length) throw refused(`Not assigned to this fleet: ${names(outside)}.`, 'vehiclenotassigned');
      // Leaving the fleet also leaves its driver.
      await vehicles.set(tx, entry.vehicleIds, { fleetId: null, driverId: null });
    }
  };

  return {
    /** With a fleet: its dealer's vehicles in no fleet. Without: vehicles of no dealer and no fleet. */
    async unassigned(by: AuthUser, fleetId: number | undefined, page: PageQuery) {
      const scope = await allowedScope(
        db,
        by,
        'admin',
        'staff',
        ...(fleetId === undefined ? [] : (['dealer'] as const)),
      );
      const where =
        fleetId === undefined
          ? vehiclesWhere.unowned()
          : vehiclesWhere.freeOfDealer((await fleetOf(db, scope, fleetId)).dealerId);
      const { rows, total } = await vehicles.page(db, where, page);
      return listOf(rows, total, same);
    },

    async assigned(by: AuthUser, fleetId: number, page: PageQuery) {
      const scope = await allowedScope(db, by, 'admin', 'staff', 'dealer', 'fleet');
      const fleet = await fleetOf(db, scope, fleetId);
      const { rows, total } = await vehicles.page(db, vehiclesWhere.inFleet(fleet.id), page);
      return listOf(rows, total, same);
    },

    /**
     * The unassigned-vehicles screen (/vehicle-can): visible vehicles in no fleet, with their dealer
     * (an administrator's or staff's: all; a dealer's: its own).
     */
    async fleetless(by: AuthUser, page: PageQuery) {
      const scope = await allowedScope(db, by, 'admin', 'staff', 'dealer');
      const { rows, total } = await records.fleetless(db, visibleVehicles(scope), page);
      return listOf(rows, total, same);
    },

    /** Per visible vehicle, its dealer and the fleets it may join (the Assign modal). */
    async dealerFleets(by: AuthUser, vehicleIds: number[]) {
      const scope = await allowedScope(db, by, 'admin', 'staff', 'dealer');
      const rows = await records.dealerFleets(db, visibleVehicles(scope), vehicleIds);
      if (rows.length !== new Set(vehicleIds).size) throw notFound('The vehicle');
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        vin: r.vin,
        dealerResponseDTO:
          r.dealerId !== null && r.dealerName !== null
            ? { id: r.dealerId, name: r.dealerName, fleetResponseDTOs: r.fleets }
            : null,
      }));
    },

    /** The body is vehicle ids for ?fleetId=, or a list of {fleetId, vehicleIds}. */
    async assign(by: AuthUser, isAssigned: boolean, body: VehicleAssignBody, fleetId: number | undefined) {
      const scope = await allowedScope(db, by, 'admin', 'dealer');
      // The dealer role-permission page's Assign Vehicle and Unassign Vehicle switches.
      await requireDealerAction(db, scope, isAssigned);
      const entries = toEntries(body, fleetId);
      await db.transaction(async (tx) => {
        for (const entry of entries) await applyOne(tx, scope, entry, isAssigned);
      });
    },
  };
}
export type VehicleAssignmentService = ReturnType<typeof createVehicleAssignmentService>;

function toEntries(body: VehicleAssignBody, fleetId: number | undefined): FleetAssignment[] {
  if (body.length === 0) throw fieldErrors('request', { body: 'At least one vehicle is required.' });
  if (!body.every((item): item is number => typeof item === 'number'))
    return body.filter((item): item is FleetAssignment => typeof item !== 'number');
  if (fleetId === undefined) throw fieldErrors('request', { fleetId: 'A fleet is required.' });
  return [{ fleetId, vehicleIds: body }];
}
