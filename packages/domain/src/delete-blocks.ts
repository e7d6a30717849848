/**
 * When a delete is refused, and with which words (part 1 §4, §8; part 2 §8). The server refuses with
 * these texts and the web's delete dialogs show them before the call, so the two never disagree.
 * Each rule answers the refusal's text, or null when the delete may go ahead.
 */

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
  dealer: (fleets: string | null, vehicles: string | null) =>
    [fleets, vehicles]
      .filter((names): names is string => names !== null)
      .map(
        (names) =>
          `Dealer can't be deleted. For deletion, please assign the ${names} to other dealer and all the assigned vehicles to the fleets will be unassigned`,
      )
      .join(' '),
  superUser: (name: string) => `Are you sure you want to delete(${name})?`,
  /** §4: the server's refusal of a driver delete without the confirm flag (added with the server, issue 5). */
  driverWithVehicles: () =>
    'All the vehicles assigned to this driver will be unassigned. Confirm to delete the driver.',
  /** Part 2 §8: the refusal of a template delete without the force flag while vehicles use it. */
  templateInUse: (templateName: string) => `${templateName} can't be deleted as it is assigned to vehicle(s).`,
};

/** A dealer is not deleted while fleets or vehicles belong to it; the refusal names them. */
export function dealerDeleteBlock(dealer: { fleets: Named[]; vehicles: Named[] }): string | null {
  if (!dealer.fleets.length && !dealer.vehicles.length) return null;
  return deleteBlocks.dealer(namesPhrase(dealer.fleets), namesPhrase(dealer.vehicles));
}

/** A fleet is not deleted while drivers (named first) or vehicles belong to it. */
export function fleetDeleteBlock(fleet: { drivers: Named[]; vehicles: Named[] }): string | null {
  const drivers = namesPhrase(fleet.drivers);
  if (drivers) return deleteBlocks.fleetWithDrivers(drivers);
  return fleet.vehicles.length ? deleteBlocks.fleetWithVehicles() : null;
}

/** A driver with vehicles is deleted only when the caller confirms that they will be unassigned. */
export const driverDeleteBlock = (driver: { hasVehicles: boolean }, confirmed: boolean): string | null =>
  driver.hasVehicles && !confirmed ? deleteBlocks.driverWithVehicles() : null;

/** A template vehicles use is deleted only when forced; the vehicles then keep its thresholds as their own. */
export const templateDeleteBlock = (template: { name: string; inUse: boolean }, forced: boolean): string | null =>
  template.inUse && !forced ? deleteBlocks.templateInUse(template.name) : null;
