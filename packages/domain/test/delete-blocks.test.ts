import { describe, expect, it } from 'vitest';
import { dealerDeleteBlock, driverDeleteBlock, fleetDeleteBlock, templateDeleteBlock } from '../src/delete-blocks.js';

const named = (...names: string[]) => names.map((name, id) => ({ id, name }));

describe('delete blocks (part 1 §8, part 2 §8)', () => {
  it('refuse a dealer with fleets or vehicles, naming them', () => {
    expect(dealerDeleteBlock({ fleets: [], vehicles: [] })).toBeNull();
    expect(dealerDeleteBlock({ fleets: named('F1', 'F2'), vehicles: [] })?.message).toBe(
      "Dealer can't be deleted. For deletion, please assign the F1, F2 to other dealer and all the assigned vehicles to the fleets will be unassigned",
    );
    expect(dealerDeleteBlock({ fleets: named('F1'), vehicles: named('V1') })?.message).toBe(
      "Dealer can't be deleted. For deletion, please assign the F1 to other dealer and all the assigned vehicles to the fleets will be unassigned. Dealer can't be deleted. For deletion, please assign the V1 to other dealer and all the assigned vehicles to the fleets will be unassigned",
    );
    expect(dealerDeleteBlock({ fleets: named('F1'), vehicles: named('V1') })?.sentences).toEqual([
      "Dealer can't be deleted. For deletion, please assign the F1 to other dealer and all the assigned vehicles to the fleets will be unassigned",
      "Dealer can't be deleted. For deletion, please assign the V1 to other dealer and all the assigned vehicles to the fleets will be unassigned",
    ]);
  });

  it('refuse a fleet with drivers first, then one with vehicles', () => {
    expect(fleetDeleteBlock({ drivers: [], vehicles: [] })).toBeNull();
    expect(fleetDeleteBlock({ drivers: named('A', 'B'), vehicles: named('V') })?.message).toBe(
      "Fleet can't be deleted. For deletion, please assign the A, B to other Fleets.",
    );
    expect(fleetDeleteBlock({ drivers: [], vehicles: named('V') })?.message).toBe(
      "Fleet can't be deleted. For deletion, please unassign all the vehicle from the fleet.",
    );
  });

  it('let a driver with vehicles or a template in use go only when confirmed or forced', () => {
    expect(driverDeleteBlock({ hasVehicles: true }, false)?.message).toBe(
      'All the vehicles assigned to this driver will be unassigned. Confirm to delete the driver.',
    );
    expect(driverDeleteBlock({ hasVehicles: true }, true)).toBeNull();
    expect(driverDeleteBlock({ hasVehicles: false }, false)).toBeNull();
    expect(templateDeleteBlock({ name: 'Campus', inUse: true }, false)?.message).toBe(
      "Campus can't be deleted as it is assigned to vehicle(s).",
    );
    expect(templateDeleteBlock({ name: 'Campus', inUse: true }, true)).toBeNull();
    expect(templateDeleteBlock({ name: 'Campus', inUse: false }, false)).toBeNull();
  });
});
