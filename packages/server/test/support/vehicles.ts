import type { TestApp } from './test-app.js';
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

/** Sends readings over HTTP as the device would (docs/telemetry-protocol.md); at most 1,000 a message. */
export const postReadings = (
  t: Pick<TestApp, 'app'>,
  device: { vin: string; token: string },
  readings: object | object[],
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/telemetry/readings',
    headers: {
      authorization: `Basic ${Buffer.from(`${device.vin}:${device.token}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(readings),
  });
