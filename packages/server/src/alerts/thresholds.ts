import { DEFAULT_THRESHOLDS, type AlertAttribute } from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';

export interface VehicleAlertSettings {
  name: string;
  vin: string;
  attributes: readonly AlertAttribute[];
  email: string | null;
  sms: string | null;
}

const TTL_MS = 30_000;

/**
 * The thresholds and recipients each vehicle's alerts use: its own attributes, else the defaults
 * of part 2 §5 (templates join here when they exist). Cached briefly; a save invalidates at once.
 */
export function createAlertSettings(db: Db) {
  const cache = new Map<number, { value: VehicleAlertSettings | null; until: number }>();
  return {
    async get(vehicleId: number): Promise<VehicleAlertSettings | null> {
      const hit = cache.get(vehicleId);
      if (hit && hit.until > Date.now()) return hit.value;
      const [row] = await db.select().from(vehicle).where(eq(vehicle.id, vehicleId)).limit(1);
      const value = row
        ? {
            name: row.name,
            vin: row.vin,
            attributes: row.attributes?.length ? row.attributes : DEFAULT_THRESHOLDS,
            email: row.emailNotification && row.notificationEmail ? row.notificationEmail : null,
            sms: row.smsNotification && row.notificationSms ? row.notificationSms : null,
          }
        : null;
      cache.set(vehicleId, { value, until: Date.now() + TTL_MS });
      return value;
    },
    invalidate: (vehicleId: number) => cache.delete(vehicleId),
  };
}
export type AlertSettings = ReturnType<typeof createAlertSettings>;
