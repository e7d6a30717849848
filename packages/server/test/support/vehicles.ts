import type { Database } from '../../src/db/client.js';
import { vehicle } from '../../src/db/schema.js';
import { hashDeviceToken, newDeviceToken } from '../../src/telemetry/device-token.js';

/** A vehicle with a device credential, created straight in the database. */
export async function createDevice(database: Database, vin: string, values: Partial<typeof vehicle.$inferInsert> = {}) {
  const token = newDeviceToken();
  const [row] = await database.db
    .insert(vehicle)
    .values({ name: `Vehicle ${vin}`, vin, deviceTokenHash: hashDeviceToken(token), ...values })
    .returning();
  return { id: row.id, vin, token };
}
