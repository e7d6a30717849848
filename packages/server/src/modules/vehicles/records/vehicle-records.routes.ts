import {
  fromDigits,
  pageQuerySchema,
  VEHICLE_API_PAGE_SIZES,
  vehicleRowSchema,
  vehicleSchema,
  vehicleStatusQuerySchema,
  vehicleWriteSchema,
} from '@evfleet/domain';
import { z } from 'zod';
import { ANY_SIGNED_IN, caller } from '../../../auth/guard.js';
import { resourceRoutes } from '../../../http/resource-routes.js';
import { thresholdRoutes } from '../thresholds/threshold-routes.js';
import type { VehicleRecordsService } from './vehicle-records.service.js';

const ADMIN = ['ROLE_ADMIN'] as const;
/** The list's page sizes (§9) and 10 (the reload after a save, §7); default 100. */
const vehiclePage = pageQuerySchema.extend({
  pageSize: z
    .preprocess(fromDigits, z.number({ error: 'must be a number' }).int('must be a whole number'))
    .refine(
      (n) => (VEHICLE_API_PAGE_SIZES as readonly number[]).includes(n),
      `must be one of ${VEHICLE_API_PAGE_SIZES.join(', ')}`,
    )
    .default(100),
});

/** Part 2 §7 "Vehicles": list, search, detail, and the administrators' changes (docs/permissions.md). */
export const vehicleRecordsRoutes = (service: VehicleRecordsService) =>
  resourceRoutes(
    service,
    {
      path: '/api/vehicles',
      caller,
      item: vehicleSchema,
      create: vehicleWriteSchema,
      update: vehicleWriteSchema,
      readers: ANY_SIGNED_IN,
      writers: ADMIN,
      // The spec writes the search both ways.
      list: { row: vehicleRowSchema, pages: vehiclePage, search: 'name', trailingSlash: true },
      deleted: { status: 200 },
    },
    async (app) => {
      app.patch(
        '/api/vehicle/status',
        {
          config: { access: ADMIN },
          schema: {
            querystring: vehicleStatusQuerySchema,
            response: { 200: z.object({ id: z.number(), status: z.boolean() }) },
          },
        },
        (req) => service.setStatus(caller(req), req.query.id, req.query.status),
      );
      await thresholdRoutes(app, { base: '/api/vehicles', uploadBase: '/api/vehicles/upload' }, service, vehicleSchema);
    },
  );
