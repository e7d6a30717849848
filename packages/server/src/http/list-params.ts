import { id, pageQuerySchema, queryFlag } from '@evfleet/domain';
import { z } from 'zod';

/** Route parameters and query strings shared by every list and record call. */
export const idParams = z.object({ id });
export const searchTerm = z.string().trim().max(100, 'Max').default('');
export const pageQuery = pageQuerySchema;
/** 'true' or 'false' in a query string. */
export const flagParam = queryFlag;
/** Ids repeated (?vehicleIds=1&vehicleIds=2) or as a comma list (?vehicleIds=1,2). */
export const idListParam = z.preprocess(
  (v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v])
          .flatMap((s) => String(s).split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  z.array(id).min(1, 'At least one vehicle is required.').max(1000, 'Max'),
);
