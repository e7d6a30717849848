import multipart from '@fastify/multipart';
import {
  alertAttributesSchema,
  effectiveThresholds,
  sheetUploadResultSchema,
  type AlertAttribute,
} from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_SIGNED_IN } from '../../../auth/guard.js';
import { fieldErrors } from '../../../http/errors.js';
import { SHEET_CONTENT_TYPES, thresholdSheetFile } from './example-sheet.js';
import { SHEET_MULTIPART_LIMITS } from './sheet-limits.js';
import { readSheetUpload, sheetChange } from './sheet-upload.js';

const jsonOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const format = z.object({ format: z.enum(['xlsx', 'csv'], { error: 'must be xlsx or csv' }).default('xlsx') });

/**
 * The threshold spreadsheet's example (GET api/vehicle-templates/example-sheet) and a parse without
 * saving (POST api/threshold-sheets/parse), for the form of a vehicle not yet created: the optional
 * field `attributes` (JSON) is the list the sheet applies to, else the defaults.
 */
export const thresholdSheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: SHEET_MULTIPART_LIMITS });

  app.get(
    '/api/vehicle-templates/example-sheet',
    { config: { access: ANY_SIGNED_IN }, schema: { querystring: format } },
    async (req, reply) =>
      reply
        .header('content-type', SHEET_CONTENT_TYPES[req.query.format])
        .header('content-disposition', `attachment; filename="thresholds-example.${req.query.format}"`)
        .send(await thresholdSheetFile(req.query.format)),
  );

  app.post(
    '/api/threshold-sheets/parse',
    { config: { access: ['ROLE_ADMIN'] }, schema: { response: { 200: sheetUploadResultSchema } } },
    async (req) => {
      const { rows, fields } = await readSheetUpload(req);
      let given: AlertAttribute[] | undefined;
      if (fields.attributes) {
        const parsed = alertAttributesSchema.safeParse(jsonOrNull(fields.attributes));
        if (!parsed.success)
          throw fieldErrors('request', { attributes: 'must be the JSON list of the current thresholds' });
        given = parsed.data;
      }
      return { status: 'OK' as const, attributes: sheetChange(rows)(effectiveThresholds({ own: given })) };
    },
  );
};
