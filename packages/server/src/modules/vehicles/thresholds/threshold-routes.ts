import {
  checkedAttributeSchema,
  metricNameSchema,
  sheetUploadResultSchema,
  type AlertAttribute,
  type MetricName,
} from '@evfleet/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthUser } from '../../../auth/tokens.js';
import { caller } from '../../../auth/guard.js';
import { idParams } from '../../../http/list-params.js';
import { SHEET_MULTIPART_LIMITS } from './sheet-limits.js';
import { readSheetUpload, sheetChange } from './sheet-upload.js';

interface ThresholdOwner<T> {
  setAttribute(by: AuthUser, id: number, metric: MetricName, attribute: AlertAttribute): Promise<T>;
  applySheet(
    by: AuthUser,
    id: number,
    change: (current: readonly AlertAttribute[]) => AlertAttribute[],
  ): Promise<AlertAttribute[]>;
}

/**
 * The two threshold calls a vehicle and a template share, administrators' only: one metric saved
 * alone ('Update This Signal Only', PUT {base}/{id}/attributes/{metric}) and a spreadsheet applied
 * (POST {uploadBase}/{id}, multipart field `file`), for which multipart is registered on `app`.
 */
export async function thresholdRoutes<T>(
  app: FastifyInstance,
  paths: { base: string; uploadBase: string },
  owner: ThresholdOwner<T>,
  response: z.ZodType<T>,
) {
  await app.register(multipart, { limits: SHEET_MULTIPART_LIMITS });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: ['ROLE_ADMIN'] as const };
  api.put(
    `${paths.base}/:id/attributes/:metric`,
    {
      config: access,
      schema: {
        params: idParams.extend({ metric: metricNameSchema }),
        body: checkedAttributeSchema,
        response: { 200: response },
      },
    },
    (req) => owner.setAttribute(caller(req), req.params.id, req.params.metric, req.body),
  );
  api.post(
    `${paths.uploadBase}/:id`,
    { config: access, schema: { params: idParams, response: { 200: sheetUploadResultSchema } } },
    async (req) => {
      const { rows } = await readSheetUpload(req);
      return {
        status: 'OK' as const,
        attributes: await owner.applySheet(caller(req), req.params.id, sheetChange(rows)),
      };
    },
  );
}
