import type { Dealer, Fleet } from '@evfleet/domain';
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

/** The dealers and fleets the caller sees: the owners a zone may name and the names the list shows. */
export function useOwnerChoices(): OwnerChoices {
  const seesDealers = useCan('zoneDealers');
  const dealers = useQuery({ ...listChoices<Dealer>('dealers', 'api/dealers', OWNER_CHOICES), enabled: seesDealers });
  const fleets = useQuery(listChoices<Fleet>('fleets', 'api/fleets', OWNER_CHOICES));
  return useMemo(() => ({ dealers: byId(dealers.data), fleets: byId(fleets.data) }), [dealers.data, fleets.data]);
}
