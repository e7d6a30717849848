import {
  parseVehicleCanId,
  TELEMETRY_LIMITS,
  vehicleCanId,
  type VehicleCanRecord,
  type VehicleCanWrite,
} from '@evfleet/domain';
import type { Db } from '../../../db/client.js';
import { fieldErrors, refused } from '../../../http/errors.js';
import type { BatchWriter } from '../../../telemetry/batch-writer.js';
import type { RecordStore } from '../../records/index.js';
import { assertVehiclesExist, readableVehicles } from '../../records/index.js';
import { presentReading, readingOf, type StoredReading } from './vehicle-can-fields.js';
import { vehicleCansRepository as repo } from './vehicle-cans.repository.js';

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
  const timeOf = (input: VehicleCanWrite) => (input.recordedTime ? Date.parse(input.recordedTime) : Date.now());

  const insert = async (db: Db, input: VehicleCanWrite, ts: number, stored?: StoredReading) => {
    checkTime(ts);
    if (await repo.find(db, { vehicleId: input.vehicle, ts })) throw refused(TAKEN, 'readingexists');
    await deps.writer.write([{ vehicleId: input.vehicle, reading: readingOf(input, ts, stored) }]);
  };

  return {
    async list(db, scope, { limit, offset, sort, vehicleId }) {
      const visible = await readableVehicles(db, scope, 'canHistory');
      const { rows, total } = await repo.list(db, vehicleId!, visible, { limit, offset, desc: sort.desc });
      return { rows: rows.map(presentReading), total };
    },

    async get(db, scope, id) {
      const key = parseVehicleCanId(id);
      if (!key) return undefined;
      const row = await repo.find(db, key, await readableVehicles(db, scope, 'canHistory'));
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
      const stored = key && (await repo.find(db, key));
      if (!key || !stored) return undefined;
      await assertVehiclesExist(db, 'vehicleCan', 'vehicle', [input.vehicle]);
      const ts = input.recordedTime ? Date.parse(input.recordedTime) : key.ts;
      if (input.vehicle === key.vehicleId && ts === key.ts) {
        await repo.rewrite(db, key, readingOf(input, ts, stored));
      } else {
        // Another vehicle or time is another reading: stored anew, then the old one removed.
        await insert(db, input, ts, stored);
        await repo.remove(db, key);
        await deps.readingsChanged(input.vehicle, [ts]);
      }
      await deps.readingsChanged(key.vehicleId, [key.ts]);
      return vehicleCanId(input.vehicle, ts);
    },

    async remove(db, id) {
      const key = parseVehicleCanId(id);
      if (!key) return false;
      const removed = await repo.remove(db, key);
      if (removed) await deps.readingsChanged(key.vehicleId, [key.ts]);
      return removed;
    },
  };
}
