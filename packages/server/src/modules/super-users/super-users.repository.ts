import type { PageQuery } from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { superUser } from '../../db/schema.js';
import { matches, newestFirst, paged } from '../../db/listing.js';

export type SuperUserRow = typeof superUser.$inferSelect;
type SuperUserValues = Omit<typeof superUser.$inferInsert, 'id' | 'createdAt'>;

/** Super users are the administrators' own list: no tenant filter, the service admits administrators only. */
export const superUsersRepository = {
  list(db: Queryable, term: string, page: PageQuery) {
    const where = matches(term, superUser.name, superUser.email);
    return paged(db, superUser, where, page, (limit, offset) =>
      db.select().from(superUser).where(where).orderBy(newestFirst(superUser.id, term)).limit(limit).offset(offset),
    );
  },

  find: (db: Queryable, id: number, lock = false) => {
    const query = db.select().from(superUser).where(eq(superUser.id, id));
    return (lock ? query.for('update') : query).then((rows) => rows[0]);
  },

  insert: (tx: Queryable, values: SuperUserValues) =>
    tx
      .insert(superUser)
      .values(values)
      .returning()
      .then((rows) => rows[0]),

  update: (tx: Queryable, id: number, values: SuperUserValues) =>
    tx
      .update(superUser)
      .set(values)
      .where(eq(superUser.id, id))
      .returning()
      .then((rows) => rows[0]),

  delete: async (tx: Queryable, id: number) => void (await tx.delete(superUser).where(eq(superUser.id, id))),
};
