/**
 * When a delete is refused, and with which words (part 1 §4, §8; part 2 §8). The server refuses with
 * these texts and the web's delete dialogs show them before the call, so the two never disagree.
 * Each rule answers the refusal, or null when the delete may go ahead.
 */
import type { ErrorKey } from './errors.js';

interface Named {
  name: string;
}

/** The names a delete block lists, as one phrase; null when there are none. */
export const namesPhrase = (items: Named[]) => (items.length ? items.map((i) => i.name).join(', ') : null);

/** The spec's texts, built once. */
export const deleteBlocks = {
  fleetWithDrivers: (drivers: string) =>
    `Fleet can't be deleted. For deletion, please assign the ${drivers} to other Fleets.`,
  fleetWithVehicles: () => "Fleet can't be deleted. For deletion, please unassign all the vehicle from the fleet.",
  /** The spec's sentence for the fleets and the one for the vehicles, each as written. */
  dealerSentences: (fleets: string | null, vehicles: string | null) =>
    [fleets, vehicles]
      .filter((names): names is string => names !== null)
      .map(
        (names) =>
          `Dealer can't be deleted. For deletion, please assign the ${names} to other dealer and all the assigned vehicles to the fleets will be unassigned`,
      ),
  /** Both sentences combined (§4): the first ends with its full stop, so they do not run together. */
  dealer: (fleets: string | null, vehicles: string | null) => deleteBlocks.dealerSentences(fleets, vehicles).join('. '),
  superUser: (name: string) => `Are you sure you want to delete(${name})?`,
  /** §4: the server's refusal of a driver delete without the confirm flag (beyond the spec's screens). */
  driverWithVehicles: () =>
    'All the vehicles assigned to this driver will be unassigned. Confirm to delete the driver.',
  /** Part 2 §8: the refusal of a template delete without the force flag while vehicles use it. */
  templateInUse: (templateName: string) => `${templateName} can't be deleted as it is assigned to vehicle(s).`,
};

/** A refused delete: the text people read and the error key API clients tell refusals apart by. */
export interface DeleteBlock {
  message: string;
  key: ErrorKey;
  /** A refusal of several sentences, for a screen that shows each on its own. */
  sentences?: string[];
}

/** A dealer is not deleted while fleets or vehicles belong to it; the refusal names them. */
export function dealerDeleteBlock(dealer: { fleets: Named[]; vehicles: Named[] }): DeleteBlock | null {
  if (!dealer.fleets.length && !dealer.vehicles.length) return null;
  const [fleets, vehicles] = [namesPhrase(dealer.fleets), namesPhrase(dealer.vehicles)];
  return {
    message: deleteBlocks.dealer(fleets, vehicles),
    key: 'dealerinuse',
    sentences: deleteBlocks.dealerSentences(fleets, vehicles),
  };
}

/** A fleet is not deleted while drivers (named first) or vehicles belong to it. */
export function fleetDeleteBlock(fleet: { drivers: Named[]; vehicles: Named[] }): DeleteBlock | null {
  const drivers = namesPhrase(fleet.drivers);
  if (drivers) return { message: deleteBlocks.fleetWithDrivers(drivers), key: 'fleetwithdrivers' };
  return fleet.vehicles.length ? { message: deleteBlocks.fleetWithVehicles(), key: 'fleetwithvehicles' } : null;
}

/** A driver with vehicles is deleted only when the caller confirms that they will be unassigned. */
export const driverDeleteBlock = (driver: { hasVehicles: boolean }, confirmed: boolean): DeleteBlock | null =>
  driver.hasVehicles && !confirmed ? { message: deleteBlocks.driverWithVehicles(), key: 'driverwithvehicles' } : null;

/** A template vehicles use is deleted only when forced; the vehicles then keep its thresholds as their own. */
export const templateDeleteBlock = (template: { name: string; inUse: boolean }, forced: boolean): DeleteBlock | null =>
  template.inUse && !forced ? { message: deleteBlocks.templateInUse(template.name), key: 'templateassigned' } : null;
