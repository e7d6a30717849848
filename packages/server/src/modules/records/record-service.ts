import { RECORD_TEXTS, type RecordListQuery } from '@evfleet/domain';
import { resolveScope } from '../../auth/visibility.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { fieldErrors, notFound, refused } from '../../http/errors.js';
import { listArgs, type RecordStore } from './record-store.js';

interface Described {
  key: string;
  entity: string;
  sortable: readonly string[];
  vehicleFilter?: 'required' | 'optional';
}

/**
 * The rules every record entity shares: readers see their scope, a create has no id and an update
 * has one, a missing record is a 404 naming the entity. Role checks are the routes' (writers are
 * administrators).
 */
export function createRecordService<Rec, Write extends { id?: Id | null }, Id>(
  db: Db,
  description: Described,
  store: RecordStore<Rec, Write, Id>,
) {
  const missing = () => notFound(`The ${description.entity}`);
  const admin = { kind: 'all', admin: true } as const;
  const reread = async (id: Id) => (await store.get(db, admin, id)) ?? Promise.reject(missing());

  return {
    async list(by: AuthUser, query: RecordListQuery) {
      const scope = await resolveScope(db, by);
      if (description.vehicleFilter === 'required' && query.vehicleId === undefined)
        throw fieldErrors('request', { vehicleId: RECORD_TEXTS.vehicleRequired });
      if (!description.vehicleFilter && query.vehicleId !== undefined)
        throw fieldErrors('request', { vehicleId: 'is not a filter of this list' });
      return store.list(db, scope, listArgs(query, description.sortable));
    },

    async get(by: AuthUser, id: Id) {
      return (await store.get(db, await resolveScope(db, by), id)) ?? Promise.reject(missing());
    },

    async create(input: Write) {
      if (input.id !== undefined && input.id !== null)
        throw refused(RECORD_TEXTS.idExists(description.entity), 'idexists');
      return reread(await store.create(db, input));
    },

    async update(input: Write) {
      if (input.id === undefined || input.id === null)
        throw refused(RECORD_TEXTS.idMissing(description.entity), 'idnull');
      const id = await store.update(db, input.id, input);
      if (id === undefined) throw missing();
      return reread(id);
    },

    async remove(id: Id) {
      if (!(await store.remove(db, id))) throw missing();
    },
  };
}
