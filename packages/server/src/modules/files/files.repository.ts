import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { storedFile } from '../../db/schema.js';
import { qualified } from '../../db/listing.js';
import { writesById } from '../../db/rows-by-id.js';

type FileValues = Pick<typeof storedFile.$inferInsert, 'bytes' | 'contentType' | 'size' | 'uploadedBy'>;

const writes = writesById(storedFile);

export const filesRepository = {
  insert: (tx: Queryable, values: FileValues) => writes.insert(tx, values),

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

  delete: writes.delete,
};
