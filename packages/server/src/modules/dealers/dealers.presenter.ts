import type { Dealer } from '@evfleet/domain';
import type { DealerDetail, DealerSummary } from './dealers.repository.js';

/**
 * Exactly the fields of a dealer that leave the server. `activation` is the account's activated flag
 * (the dealer may have confirmed its address since the administrator's choice). The delete-guard
 * flags are always there; the name lists only in a single dealer's answer (GET api/dealers/{id},
 * POST, PUT): in list rows they are empty.
 */
export const toDealer = (r: DealerSummary | DealerDetail): Dealer => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobileNumber: r.mobileNumber,
  company: r.company,
  address: r.address,
  activation: r.accountActivated ?? r.activation,
  userId: r.userId,
  existFleetANdVehicles: r.hasFleets && r.hasVehicles,
  existFleets: r.hasFleets,
  existVehicles: r.hasVehicles,
  fleetIdANdName: 'fleets' in r ? r.fleets : [],
  vehicleIdANdName: 'vehicles' in r ? r.vehicles : [],
});
