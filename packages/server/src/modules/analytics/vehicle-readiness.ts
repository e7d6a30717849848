import type { ReadinessRow } from '@evfleet/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { analyticsRepository as repo } from './analytics.repository.js';
import { READINESS_DAYS, readinessOf } from './readiness.js';

/** One vehicle's readiness now, judged among its fleet (whose usual day it shares), or null when it is gone. */
export async function vehicleReadiness(db: Db, vehicleId: number): Promise<ReadinessRow | null> {
  const [v] = await db.select({ fleetId: vehicle.fleetId }).from(vehicle).where(eq(vehicle.id, vehicleId));
  if (!v) return null;
  const group = v.fleetId === null ? sql`vehicle.id = ${vehicleId}` : sql`vehicle.fleet_id = ${v.fleetId}`;
  const rows = readinessOf(await repo.readiness(db, group, Date.now(), READINESS_DAYS));
  return rows.find((r) => r.vehicleId === vehicleId) ?? null;
}
