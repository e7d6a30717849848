import { effectiveThresholds, type AlertAttribute } from '@evfleet/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { vehicle, vehicleTemplate } from '../db/schema.js';

export interface VehicleAlertSettings {
  name: string;
  vin: string;
  attributes: readonly AlertAttribute[];
  email: string | null;
  sms: string | null;
}

const TTL_MS = 30_000;

/**
 * The thresholds (effectiveThresholds) and recipients each vehicle's alerts use. Cached briefly; a
 * save of a vehicle or template invalidates at once, on every instance (alerts/threshold-changes.ts).
 */
export function createAlertSettings(db: Db) {
  const cache = new Map<number, { value: VehicleAlertSettings | null; until: number }>();
  /** The settings if cached and fresh (no promise to wait for, as every batch asks for every vehicle); else undefined. */
  const cached = (vehicleId: number): VehicleAlertSettings | null | undefined => {
    const hit = cache.get(vehicleId);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  };
  return {
    cached,
    async get(vehicleId: number): Promise<VehicleAlertSettings | null> {
      const hit = cached(vehicleId);
      if (hit !== undefined) return hit;
      const [row] = await db
        .select({ vehicle, templateAttributes: vehicleTemplate.attributes })
        .from(vehicle)
        .leftJoin(vehicleTemplate, eq(vehicleTemplate.id, vehicle.templateId))
        .where(eq(vehicle.id, vehicleId))
        .limit(1);
      const value = row
        ? {
            name: row.vehicle.name,
            vin: row.vehicle.vin,
            attributes: effectiveThresholds({ own: row.vehicle.attributes, template: row.templateAttributes }),
            email:
              row.vehicle.emailNotification && row.vehicle.notificationEmail ? row.vehicle.notificationEmail : null,
            sms: row.vehicle.smsNotification && row.vehicle.notificationSms ? row.vehicle.notificationSms : null,
          }
        : null;
      cache.set(vehicleId, { value, until: Date.now() + TTL_MS });
      return value;
    },
    invalidate: (vehicleId: number) => cache.delete(vehicleId),
    invalidateAll: () => cache.clear(),
  };
}
export type AlertSettings = ReturnType<typeof createAlertSettings>;
