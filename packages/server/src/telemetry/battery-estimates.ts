import { estimateCapacity } from '@evfleet/domain';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { writeVehicleRows } from '../db/batches.js';
import { batteryEstimate, chargingSession } from '../db/telemetry-schema.js';

/** Sessions older than this no longer speak for the pack. */
const ESTIMATE_WINDOW_MS = 365 * 86_400_000;

/** Measures again the capacity of vehicles whose charging sessions changed, from their last year of sessions. */
export async function refreshBatteryEstimates(db: Db, vehicleIds: number[]) {
  const sessions = await db
    .select({
      vehicleId: chargingSession.vehicleId,
      startTs: chargingSession.startTs,
      endTs: chargingSession.endTs,
      energyKwh: chargingSession.energyKwh,
      startCharge: chargingSession.startCharge,
      endCharge: chargingSession.endCharge,
    })
    .from(chargingSession)
    .where(
      and(
        inArray(chargingSession.vehicleId, vehicleIds),
        gte(chargingSession.startTs, new Date(Date.now() - ESTIMATE_WINDOW_MS)),
      ),
    );
  const byVehicle = new Map<
    number,
    { start: number; end: number; energyKwh: number; startCharge: number | null; endCharge: number | null }[]
  >(vehicleIds.map((id) => [id, []]));
  for (const s of sessions)
    byVehicle.get(s.vehicleId)?.push({ ...s, start: s.startTs.getTime(), end: s.endTs.getTime() });
  const rows = [...byVehicle].map(([vehicleId, list]) => {
    const { capacityKwh, sessions: n } = estimateCapacity(list);
    return { vehicleId, estimatedCapacityKwh: capacityKwh, sessions: n, updatedAt: new Date() };
  });
  const upsert = (values: typeof rows) =>
    db
      .insert(batteryEstimate)
      .values(values)
      .onConflictDoUpdate({
        target: batteryEstimate.vehicleId,
        set: {
          estimatedCapacityKwh: sql`excluded.estimated_capacity_kwh`,
          sessions: sql`excluded.sessions`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  await writeVehicleRows(rows, upsert);
}
