import type { DeleteBlock } from '@evfleet/domain';
import type { Db, Queryable } from '../db/client.js';
import { notFound, refused } from './errors.js';

/** What a record's writes need of its module: who may write, the save, and the delete's steps. */
export interface RecordWriting<By, Scope, Input, Item, Locked> {
  /** 'dealer': the refusals name it ('The dealer was not found.'). */
  entity: string;
  /** The caller's scope, when it may change the records (refusing otherwise). */
  writer: (by: By) => Promise<Scope>;
  /** Writes the record, a new one when `id` is absent, and answers it as the call does. */
  save: (by: By, input: Input, scope: Scope, id?: number) => Promise<Item>;
  /** The record's row, locked for the rest of the transaction, when the scope sees it. */
  lock: (tx: Queryable, scope: Scope, id: number) => Promise<Locked | undefined>;
  /** Why the record may not go now, if it may not; `force` is the delete's ?delete=true. */
  deleteBlock: (tx: Queryable, scope: Scope, id: number, force: boolean) => Promise<DeleteBlock | null>;
  /** Removes the record, once the delete is allowed. */
  delete: (tx: Queryable, id: number) => Promise<void>;
  /** What goes after the record (a person's photo, its account's roles). */
  afterDelete?: (tx: Queryable, locked: Locked) => Promise<void>;
}

/**
 * Create, update and delete of a record (part 1 §8): a new record names no id and a change names
 * one (refused by the keys the client translates); a delete decides under the row's lock and is
 * refused with the record's delete block.
 */
export function recordWrites<By, Scope, Input extends { id?: number | null }, Item, Locked>(
  db: Db,
  w: RecordWriting<By, Scope, Input, Item, Locked>,
) {
  return {
    async create(by: By, input: Input) {
      const scope = await w.writer(by);
      if (input.id) throw refused(`A new ${w.entity} cannot already have an ID`, 'idexists');
      return w.save(by, input, scope);
    },

    async update(by: By, input: Input) {
      const scope = await w.writer(by);
      if (!input.id) throw refused(`An ID is required to update a ${w.entity}`, 'idnull');
      return w.save(by, input, scope, input.id);
    },

    async remove(by: By, id: number, force = false) {
      const scope = await w.writer(by);
      await db.transaction(async (tx) => {
        const locked = await w.lock(tx, scope, id);
        if (!locked) throw notFound(`The ${w.entity}`);
        const block = await w.deleteBlock(tx, scope, id, force);
        if (block) throw refused(block.message, block.key);
        await w.delete(tx, id);
        await w.afterDelete?.(tx, locked);
      });
    },
  };
}
