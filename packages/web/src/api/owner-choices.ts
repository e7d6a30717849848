import type { Dealer, Fleet } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listChoices } from './query-options';

/** How many dealers and fleets an owner choice offers and a list names: one call each. */
const OWNER_CHOICES = 1000;

/** Who may own a record (a zone, a webhook), by id: the dealers and fleets the caller sees. */
export interface OwnerChoices {
  dealers: ReadonlyMap<number, string>;
  fleets: ReadonlyMap<number, string>;
}

/** A record's own owner, named even when the caller's lists do not hold it. */
interface OwnOwner {
  dealerId: number | null;
  fleetId: number | null;
  name: string | null;
}

interface OwnerChoicesOptions {
  /** Whether to ask api/dealers (it refuses fleet owners). */
  dealers: boolean;
  /** Whether to ask api/fleets. */
  fleets: boolean;
  own?: OwnOwner | null;
}

const byId = (rows: readonly { id: number; name: string }[] | undefined) =>
  new Map((rows ?? []).map((row) => [row.id, row.name]));

/** The dealers and fleets the caller may name as a record's owner, asked for only as the caller's role allows. */
export function useOwnerChoices({ dealers, fleets, own }: OwnerChoicesOptions): OwnerChoices {
  const dealerRows = useQuery({ ...listChoices<Dealer>('dealers', 'api/dealers', OWNER_CHOICES), enabled: dealers });
  const fleetRows = useQuery({ ...listChoices<Fleet>('fleets', 'api/fleets', OWNER_CHOICES), enabled: fleets });
  return useMemo(() => {
    const ownRow = (id: number | null | undefined) => (own && id != null ? [{ id, name: own.name ?? `#${id}` }] : []);
    return {
      dealers: byId([...ownRow(own?.dealerId), ...(dealerRows.data ?? [])]),
      fleets: byId([...ownRow(own?.fleetId), ...(fleetRows.data ?? [])]),
    };
  }, [own, dealerRows.data, fleetRows.data]);
}
