import { id } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { vehicle } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { hashDeviceToken, newDeviceToken } from '../../../telemetry/device-token.js';
import type { DeviceRegistry } from '../../../telemetry/devices.js';

const idParams = z.object({ id });

/**
 * Device credentials (docs/telemetry-protocol.md): an administrator issues a new token for a
 * vehicle; the old one stops working at once on this instance and within a minute on others.
 * The token is in this answer only: evfleet keeps its hash.
 */
export const devicesRoutes =
  ({ db, devices }: { db: Db; devices: DeviceRegistry }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/vehicles/:id/device-token',
      {
        config: { access: ['ROLE_ADMIN'] },
        schema: { params: idParams, response: { 200: z.object({ vin: z.string(), token: z.string() }) } },
      },
      async (req) => {
        const token = newDeviceToken();
        const [row] = await db
          .update(vehicle)
          .set({ deviceTokenHash: hashDeviceToken(token) })
          .where(eq(vehicle.id, req.params.id))
          .returning({ vin: vehicle.vin });
        if (!row) throw notFound('The vehicle');
        devices.forget(row.vin);
        req.auditSubject = `vehicle ${row.vin}`;
        return { vin: row.vin, token };
      },
    );
  };
