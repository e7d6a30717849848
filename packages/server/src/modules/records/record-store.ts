import type { RecordListQuery } from '@evfleet/domain';
import type { Scope } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { fieldErrors } from '../../http/errors.js';

/** One page of a record list: which rows, in which order, for which vehicle. */
export interface ListArgs {
  limit: number;
  offset: number;
  sort: { key: string; desc: boolean };
  vehicleId?: number;
}

/**
 * What the generic record machinery needs of an entity's storage. Reads are filtered by the
 * caller's scope; writes come from administrators only (docs/permissions.md), so they see all.
 * `update` answers the record's id afterwards (a reading's id moves with its vehicle and time), or
 * undefined when there was no such record.
 */
export interface RecordStore<Rec, Write, Id> {
  list(db: Db, scope: Scope, args: ListArgs): Promise<{ rows: Rec[]; total: number }>;
  get(db: Db, scope: Scope, id: Id): Promise<Rec | undefined>;
  create(db: Db, input: Write): Promise<Id>;
  update(db: Db, id: Id, input: Write): Promise<Id | undefined>;
  remove(db: Db, id: Id): Promise<boolean>;
}

/** sort=key,asc|desc among the description's sortable keys; the first one, newest first, by default. */
export function listArgs(query: RecordListQuery, sortable: readonly string[]): ListArgs {
  const [key, dir] = query.sort?.split(',') ?? [sortable[0], 'desc'];
  if (!sortable.includes(key)) throw fieldErrors('request', { sort: `must be one of ${sortable.join(', ')}` });
  return {
    limit: query.size,
    offset: query.page * query.size,
    sort: { key, desc: dir !== 'asc' },
    vehicleId: query.vehicleId,
  };
}
