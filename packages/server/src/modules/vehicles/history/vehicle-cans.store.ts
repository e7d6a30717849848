import {
  parseVehicleCanId,
  TELEMETRY_LIMITS,
  vehicleCanId,
  type VehicleCanRecord,
  type VehicleCanWrite,
} from '@evfleet/domain';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { canReading } from '../../../db/telemetry-schema.js';
import { fieldErrors, refused } from '../../../http/errors.js';
import type { BatchWriter } from '../../../telemetry/batch-writer.js';
import { signalOf, type StoredSignal } from '../../../readings/reading.js';
import type { RecordStore } from '../../records/index.js';
import { assertVehiclesExist, readableVehicles } from '../../records/index.js';
import { presentReading, readingOf } from './vehicle-can-fields.js';

const TAKEN = 'This vehicle already has a reading at this time.';

/**
 * The device protocol's time limits hold for a reading entered by hand too: one dated ahead would
 * make every later device reading look late to the alert engine and the daily figures.
 */
function checkTime(ts: number) {
  const now = Date.now();
  if (ts > now + TELEMETRY_LIMITS.maxFutureMs)
    throw fieldErrors('vehicleCan', { recordedTime: 'A reading cannot be dated in the future.' });
  if (ts < now - TELEMETRY_LIMITS.maxAgeMs)
    throw fieldErrors('vehicleCan', {
      recordedTime: `A reading cannot be older than ${TELEMETRY_LIMITS.maxAgeMs / 86_400_000} days.`,
    });
}

/**
 * Readings of the CAN history as records (docs/records.md). A new reading goes through the ingest
 * pipeline like a device's (partitions, vehicle state, alerts, dashboard figures), so it appears
 * in reports at once; a correction changes the stored row and recounts the days it touches.
 */
export function vehicleCansStore(deps: {
  writer: BatchWriter;
  /** Readings were changed or removed: the figures kept from them (days, episodes, chart minutes) are rebuilt. */
  readingsChanged: (vehicleId: number, timestamps: number[]) => Promise<void>;
}): RecordStore<VehicleCanRecord, VehicleCanWrite, string> {
  const select = (db: Db) =>
    db
      .select({ ...getTableColumns(canReading), vehicleName: vehicle.name })
      .from(canReading)
      .innerJoin(vehicle, eq(vehicle.id, canReading.vehicleId));
  const find = async (db: Db, vehicleId: number, ts: number) =>
    (await select(db).where(and(eq(canReading.vehicleId, vehicleId), eq(canReading.ts, new Date(ts)))))[0];
  const timeOf = (input: VehicleCanWrite) => (input.recordedTime ? Date.parse(input.recordedTime) : Date.now());

  const insert = async (db: Db, input: VehicleCanWrite, ts: number, stored?: Awaited<ReturnType<typeof find>>) => {
    checkTime(ts);
    if (await find(db, input.vehicle, ts)) throw refused(TAKEN, 'readingexists');
    await deps.writer.write([{ vehicleId: input.vehicle, reading: readingOf(input, ts, stored) }]);
  };

  return {
    async list(db, scope, { limit, offset, sort, vehicleId }) {
      const where = and(eq(canReading.vehicleId, vehicleId!), await readableVehicles(db, scope, 'canHistory'));
      const [rows, [{ count }]] = await Promise.all([
        select(db)
          .where(where)
          .orderBy(sort.desc ? desc(canReading.ts) : asc(canReading.ts))
          .limit(limit)
          .offset(offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(canReading)
          .innerJoin(vehicle, eq(vehicle.id, canReading.vehicleId))
          .where(where),
      ]);
      return { rows: rows.map(presentReading), total: count };
    },

    async get(db, scope, id) {
      const key = parseVehicleCanId(id);
      if (!key) return undefined;
      const [row] = await select(db).where(
        and(
          eq(canReading.vehicleId, key.vehicleId),
          eq(canReading.ts, new Date(key.ts)),
          await readableVehicles(db, scope, 'canHistory'),
        ),
      );
      return row && presentReading(row);
    },

    async create(db, input) {
      await assertVehiclesExist(db, 'vehicleCan', 'vehicle', [input.vehicle]);
      const ts = timeOf(input);
      await insert(db, input, ts);
      return vehicleCanId(input.vehicle, ts);
    },

    async update(db, id, input) {
      const key = parseVehicleCanId(id);
      const stored = key && (await find(db, key.vehicleId, key.ts));
      if (!key || !stored) return undefined;
      await assertVehiclesExist(db, 'vehicleCan', 'vehicle', [input.vehicle]);
      const ts = input.recordedTime ? Date.parse(input.recordedTime) : key.ts;
      if (input.vehicle === key.vehicleId && ts === key.ts) {
        const { values, cells, extra } = readingOf(input, ts, stored);
        const columns = Object.fromEntries(
          Object.keys(getTableColumns(canReading))
            .filter((k) => !['vehicleId', 'ts', 'cells', 'extra', 'receivedAt'].includes(k))
            .map((k) => [k, signalOf(values, k as StoredSignal) ?? null]),
        );
        await db
          .update(canReading)
          .set({ ...columns, cells, extra })
          .where(and(eq(canReading.vehicleId, key.vehicleId), eq(canReading.ts, new Date(key.ts))));
      } else {
        // Another vehicle or time is another reading: stored anew, then the old one removed.
        await insert(db, input, ts, stored);
        await db
          .delete(canReading)
          .where(and(eq(canReading.vehicleId, key.vehicleId), eq(canReading.ts, new Date(key.ts))));
        await deps.readingsChanged(input.vehicle, [ts]);
      }
      await deps.readingsChanged(key.vehicleId, [key.ts]);
      return vehicleCanId(input.vehicle, ts);
    },

    async remove(db, id) {
      const key = parseVehicleCanId(id);
      if (!key) return false;
      const removed = await db
        .delete(canReading)
        .where(and(eq(canReading.vehicleId, key.vehicleId), eq(canReading.ts, new Date(key.ts))))
        .returning({ ts: canReading.ts });
      if (removed.length) await deps.readingsChanged(key.vehicleId, [key.ts]);
      return removed.length > 0;
    },
  };
}
