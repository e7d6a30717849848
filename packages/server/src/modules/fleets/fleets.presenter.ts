import type { Fleet } from '@evfleet/domain';
import type { FleetDetail, FleetSummary } from './fleets.repository.js';

/**
 * Exactly the fields of a fleet that leave the server. Its drivers and vehicles are named in a single
 * fleet's answer (GET api/fleets/{id}, POST, PUT); in list rows the lists are empty.
 */
export const toFleet = (r: FleetSummary | FleetDetail): Fleet => ({
  id: r.id,
  name: r.name,
  email: r.email,
  dealerId: r.dealerId,
  dealerName: r.dealerName,
  dealerEmail: r.dealerEmail,
  status: r.status,
  driverIdANdName: 'drivers' in r ? r.drivers : [],
  vehicleIdAndName: 'vehicles' in r ? r.vehicles : [],
});
