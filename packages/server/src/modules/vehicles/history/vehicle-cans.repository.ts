import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { countOf, readingsOf } from '../../../db/reading-history.js';
import { vehicle } from '../../../db/schema.js';
import { canReading } from '../../../db/telemetry-schema.js';
import { signalOf, type Reading, type StoredSignal } from '../../../readings/reading.js';
import { expandDay } from '../../../telemetry/compaction/expand-day.js';
import type { StoredReading } from './vehicle-can-fields.js';

/** A stored reading's key: its vehicle and instant (Unix milliseconds). */
export interface ReadingKey {
  vehicleId: number;
  ts: number;
}

const at = (key: ReadingKey) => and(eq(canReading.vehicleId, key.vehicleId), eq(canReading.ts, new Date(key.ts)));

const { receivedAt: _, ...READING_FIELDS } = getTableColumns(canReading);
/** The readings of a vehicle, or the one at an instant, with its vehicle's name. */
const select = (db: Db, vehicleId: number, ts?: Date) =>
  db
    .select({ ...READING_FIELDS, vehicleName: vehicle.name })
    .from(readingsOf(vehicleId, ts ?? sql`'-infinity'`, ts ?? sql`'infinity'`))
    .innerJoin(vehicle, eq(vehicle.id, canReading.vehicleId));

/** The columns of the stored signals, each named as its signal. */
const SIGNAL_COLUMNS = Object.keys(READING_FIELDS).filter(
  (k) => !['vehicleId', 'ts', 'cells', 'extra'].includes(k),
) as StoredSignal[];

/** The CAN history's rows as records: read with their vehicle's name, changed in place or removed. */
export const vehicleCansRepository = {
  /** A vehicle's readings that `visible` lets through, a page in time order. */
  async list(
    db: Db,
    vehicleId: number,
    visible: SQL | undefined,
    page: { limit: number; offset: number; desc: boolean },
  ): Promise<{ rows: StoredReading[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      select(db, vehicleId)
        .where(visible)
        .orderBy(page.desc ? desc(canReading.ts) : asc(canReading.ts))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ count: sql<number>`${countOf(vehicleId, sql`'-infinity'`, sql`'infinity'`)}` })
        .from(vehicle)
        .where(and(eq(vehicle.id, vehicleId), visible)),
    ]);
    return { rows, total: counted?.count ?? 0 };
  },

  find: async (db: Db, key: ReadingKey, visible?: SQL): Promise<StoredReading | undefined> =>
    (await select(db, key.vehicleId, new Date(key.ts)).where(and(at(key), visible)))[0],

  /** Writes a reading's signals over the stored row of its key (a compacted day's made rows again first). */
  async rewrite(db: Db, key: ReadingKey, { values, cells, extra }: Reading) {
    const columns = Object.fromEntries(SIGNAL_COLUMNS.map((k) => [k, signalOf(values, k) ?? null]));
    await expandDay(db, key.vehicleId, new Date(key.ts));
    await db
      .update(canReading)
      .set({ ...columns, cells, extra })
      .where(at(key));
  },

  /** Whether there was a reading to remove. */
  async remove(db: Db, key: ReadingKey) {
    await expandDay(db, key.vehicleId, new Date(key.ts));
    return (await db.delete(canReading).where(at(key)).returning({ ts: canReading.ts })).length > 0;
  },
};
