import type { VehicleDealerFleets } from '@evfleet/domain';

/** The fleet chosen for each vehicle, by vehicle id ('' for none yet). */
export type FleetChoices = Record<number, string>;

/**
 * Chooses a fleet for one vehicle; it is also chosen for the other vehicles of the same dealer still
 * without one.
 */
export function chooseFleet(
  current: FleetChoices,
  entries: readonly VehicleDealerFleets[],
  entry: VehicleDealerFleets,
  fleetId: string | null,
): FleetChoices {
  const next = { ...current };
  for (const other of entries) {
    const sameDealer = other.dealerResponseDTO?.id === entry.dealerResponseDTO?.id;
    if (other.id === entry.id) next[other.id] = fleetId ?? '';
    else if (fleetId && sameDealer && !current[other.id]) next[other.id] = fleetId;
  }
  return next;
}

/** The assign call's body: the vehicles grouped by the fleet chosen for them. */
export function assignmentsOf(entries: readonly VehicleDealerFleets[], chosen: FleetChoices) {
  const byFleet = new Map<number, number[]>();
  for (const entry of entries) {
    const fleetId = Number(chosen[entry.id]);
    byFleet.set(fleetId, [...(byFleet.get(fleetId) ?? []), entry.id]);
  }
  return [...byFleet].map(([fleetId, vehicleIds]) => ({ fleetId, vehicleIds }));
}
