import type { Dealer, Fleet, Zone } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listChoices } from '../../../api/query-options';
import { useCan } from '../../../session/useCan';

/** How many dealers and fleets the owner choice offers and the list names: one call each. */
const OWNER_CHOICES = 1000;

/** Who may own a zone, by id: the dealers and fleets the caller sees (api/dealers refuses a fleet owner). */
export interface OwnerChoices {
  dealers: ReadonlyMap<number, string>;
  fleets: ReadonlyMap<number, string>;
}

const byId = (rows: readonly { id: number; name: string }[] | undefined) =>
  new Map((rows ?? []).map((row) => [row.id, row.name]));

/**
 * The owners a zone may name: the dealers and fleets the caller manages, asked for only by those who
 * change zones (staff and drivers read a zone, whose own owner is always among the choices).
 */
export function useOwnerChoices(zone: Zone | null): OwnerChoices {
  const writes = useCan('zones');
  const seesDealers = useCan('zoneDealers') && writes;
  const dealers = useQuery({ ...listChoices<Dealer>('dealers', 'api/dealers', OWNER_CHOICES), enabled: seesDealers });
  const fleets = useQuery({ ...listChoices<Fleet>('fleets', 'api/fleets', OWNER_CHOICES), enabled: writes });
  return useMemo(() => {
    const own = (id: number | null | undefined) =>
      zone && id != null ? [{ id, name: zone.ownerName ?? `#${id}` }] : [];
    return {
      dealers: byId([...own(zone?.dealerId), ...(dealers.data ?? [])]),
      fleets: byId([...own(zone?.fleetId), ...(fleets.data ?? [])]),
    };
  }, [zone, dealers.data, fleets.data]);
}
