import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { storedFile } from '../../db/schema.js';
import { qualified } from '../../db/listing.js';

type FileValues = Pick<typeof storedFile.$inferInsert, 'bytes' | 'contentType' | 'size' | 'uploadedBy'>;

export const filesRepository = {
  insert: (tx: Queryable, values: FileValues) =>
    tx
      .insert(storedFile)
      .values(values)
      .returning({ id: storedFile.id })
      .then((rows) => rows[0].id),

  replace: async (tx: Queryable, id: number, values: FileValues) =>
    void (await tx
      .update(storedFile)
      .set({ ...values, createdAt: sql`now()` })
      .where(eq(storedFile.id, id))),

  /** Who uploaded a file and which driver shows it, locked against a concurrent replace or attach. */
  owner: (tx: Queryable, id: number) =>
    tx
      .select({
        id: storedFile.id,
        uploadedBy: storedFile.uploadedBy,
        driverId: sql<number | null>`(select d.id from driver d where d.db_file_id = ${qualified(storedFile.id)})`,
      })
      .from(storedFile)
      .where(eq(storedFile.id, id))
      .for('update')
      .then((rows) => rows[0]),

  delete: async (tx: Queryable, id: number) => void (await tx.delete(storedFile).where(eq(storedFile.id, id))),
};
