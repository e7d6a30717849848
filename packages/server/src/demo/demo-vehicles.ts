import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { demoHome } from './demo-depots.js';
import { demoPack } from './demo-packs.js';
import { hashDeviceToken } from '../telemetry/device-token.js';
import type { Db } from '../db/client.js';
import { vehicle } from '../db/schema.js';
import { firstDefaultTemplate } from '../db/seed-templates.js';

export const DEMO_VEHICLE_COUNT = 24;
export const demoVin = (i: number) => `EVDEMO${String(i + 1).padStart(11, '0')}`;

/**
 * The demo's device tokens are derived from the VIN and the token secret, so the simulator can
 * drive the demo vehicles without tokens being printed anywhere; real vehicles get random ones.
 */
export const demoDeviceToken = (vin: string, secret: string) =>
  `evd_${createHash('sha256').update(`${secret}:${vin}`).digest('base64url')}`;

/** Demo vehicles for an empty demo database: not yet with any dealer, ready to be assigned. */
export async function seedDemoVehicles(db: Db, secret: string) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(vehicle);
  if (count > 0) return;
  const template = await firstDefaultTemplate(db);
  await db.insert(vehicle).values(
    Array.from({ length: DEMO_VEHICLE_COUNT }, (_, i) => {
      const vin = demoVin(i);
      return {
        name: `EV Cart ${String(i + 1).padStart(2, '0')}`,
        vin,
        status: true,
        cells: [24, 28, 32][i % 3],
        timeZone: demoHome(i).city.timeZone,
        deviceTokenHash: hashDeviceToken(demoDeviceToken(vin, secret)),
        // What the simulator builds its pack as, so its state of health reads against the same figure.
        ratedCapacityKwh: demoPack(i).ratedKwh,
        templateId: template?.id ?? null,
        attributes: template?.attributes ?? null,
      };
    }),
  );
}
