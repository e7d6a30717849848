import type { Zone } from '@evfleet/domain';
import { useMemo } from 'react';
import { useOwnerChoices, type OwnerChoices } from '../../../api/owner-choices';
import { useCan } from '../../../session/useCan';

/**
 * The owners a zone may name: the dealers and fleets the caller manages, asked for only by those who
 * change zones (staff and drivers read a zone, whose own owner is always among the choices).
 */
export function useZoneOwnerChoices(zone: Zone | null): OwnerChoices {
  const writes = useCan('zones');
  const seesDealers = useCan('zoneDealers') && writes;
  const own = useMemo(() => zone && { dealerId: zone.dealerId, fleetId: zone.fleetId, name: zone.ownerName }, [zone]);
  return useOwnerChoices({ dealers: seesDealers, fleets: writes, own });
}
