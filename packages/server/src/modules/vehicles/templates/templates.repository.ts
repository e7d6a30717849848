import type { AlertAttribute, PageQuery } from '@evfleet/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { storedFile, vehicle, vehicleTemplate } from '../../../db/schema.js';
import { matches, newestFirst, pagedByIds, qualified } from '../../../db/listing.js';
import { writesById } from '../../../db/rows-by-id.js';

type TemplateValues = Pick<
  typeof vehicleTemplate.$inferInsert,
  'name' | 'description' | 'fileId' | 'attributes' | 'ratedCapacityKwh' | 'cellSpreadWarnMv'
>;

const vehicleExist = sql<boolean>`exists (select 1 from vehicle v where v.template_id = ${qualified(vehicleTemplate.id)})`;
const columns = {
  template: vehicleTemplate,
  vehicleExist,
  contentType: storedFile.contentType,
  bytes: storedFile.bytes,
};
const select = (db: Queryable) =>
  db.select(columns).from(vehicleTemplate).leftJoin(storedFile, eq(storedFile.id, vehicleTemplate.fileId));
const selectRef = (db: Queryable) =>
  db
    .select({
      id: vehicleTemplate.id,
      name: vehicleTemplate.name,
      defaultTemplate: vehicleTemplate.defaultTemplate,
      attributes: vehicleTemplate.attributes,
      fileId: vehicleTemplate.fileId,
    })
    .from(vehicleTemplate);
export type TemplateRow = Awaited<ReturnType<typeof select>>[number];
const writes = writesById(vehicleTemplate, { stampUpdatedAt: true });

export const templatesRepository = {
  /** Default templates first, then newest first; a term matches the name. */
  list(db: Queryable, term: string, page: PageQuery) {
    const where = matches(term, vehicleTemplate.name);
    const order = [desc(vehicleTemplate.defaultTemplate), newestFirst(vehicleTemplate.id, term)];
    return pagedByIds(db, vehicleTemplate.id, where, order, page, (among) =>
      select(db).where(among).orderBy(desc(vehicleTemplate.defaultTemplate), desc(vehicleTemplate.id)),
    );
  },

  find: (db: Queryable, id: number) =>
    select(db)
      .where(eq(vehicleTemplate.id, id))
      .then((rows) => rows[0]),

  /** What a vehicle needs of its template (and what a change must check first). */
  ref: (db: Queryable, id: number) =>
    selectRef(db)
      .where(eq(vehicleTemplate.id, id))
      .then((rows) => rows[0]),

  lock: (tx: Queryable, id: number) =>
    selectRef(tx)
      .where(eq(vehicleTemplate.id, id))
      .for('update')
      .then((rows) => rows[0]),

  insert: (tx: Queryable, values: TemplateValues & { defaultTemplate?: boolean }) => writes.insert(tx, values),
  /** Stamps updated_at. */
  update: (tx: Queryable, id: number, values: Partial<TemplateValues>) => writes.update(tx, id, values),

  /** The vehicles using it, locked, so a delete decides on what it changes. */
  users: (tx: Queryable, id: number) =>
    tx.select({ id: vehicle.id }).from(vehicle).where(eq(vehicle.templateId, id)).for('update'),

  /**
   * Before a forced delete: vehicles keep the thresholds they were judged by (those without their
   * own take a copy of the template's) and lose the template.
   */
  release: async (tx: Queryable, id: number, attributes: AlertAttribute[] | null) => {
    if (attributes)
      await tx
        .update(vehicle)
        .set({ attributes })
        .where(and(eq(vehicle.templateId, id), isNull(vehicle.attributes)));
    await tx
      .update(vehicle)
      .set({ templateId: null, updatedAt: sql`now()` })
      .where(eq(vehicle.templateId, id));
  },

  delete: writes.delete,

  /** A stored image that no driver or other template shows. */
  fileInUse: (tx: Queryable, fileId: number, exceptTemplate: number) =>
    tx
      .execute(
        sql`select 1 from driver where db_file_id = ${fileId} union all select 1 from vehicle_template where file_id = ${fileId} and id <> ${exceptTemplate} limit 1`,
      )
      .then((r) => r.rows.length > 0),

  fileExists: (db: Queryable, fileId: number) =>
    db
      .select({ id: storedFile.id })
      .from(storedFile)
      .where(eq(storedFile.id, fileId))
      .then((rows) => rows.length > 0),

  deleteFile: async (tx: Queryable, fileId: number) =>
    void (await tx.delete(storedFile).where(eq(storedFile.id, fileId))),
};
