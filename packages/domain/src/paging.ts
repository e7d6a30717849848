import { z } from 'zod';
import { fromDigits } from './people-fields.js';

export const PEOPLE_PAGE_SIZES = [10, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
export const GRID_ROW_HEIGHT = 43;

/** A whole number in a query string: decimal digits only, bounded. */
export const intParam = (fallback: number, max: number) =>
  z
    .preprocess(
      fromDigits,
      z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'Min').max(max, 'Max'),
    )
    .default(fallback);

/** 'true' or 'false' in a query string, read as a boolean. */
export const queryFlag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** Spec paging: pageNo is 0-based, pageSize bounded. */
export const pageQuerySchema = z.object({
  pageNo: intParam(0, 1_000_000),
  pageSize: intParam(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE).pipe(z.number().min(1, 'Min')),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** JHipster-style paging of api/users: page, size, sort=field,dir. */
export const springPageQuerySchema = z.object({
  page: intParam(0, 1_000_000),
  size: intParam(20, MAX_PAGE_SIZE).pipe(z.number().min(1, 'Min')),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
});

/** Every list response of the spec: data and totalCount. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalCount: z.number().int() });
export type ListResponse<T> = { data: T[]; totalCount: number };
