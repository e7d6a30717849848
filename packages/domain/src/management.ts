import { z } from 'zod';
import { intParam, MAX_PAGE_SIZE } from './paging.js';

/** The administration area (part 2 §7 "Administration"), as this server answers it. */

export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'OFF'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` });
export type LogLevel = z.infer<typeof logLevelSchema>;

/** Spring Boot's loggers shape, so the screen reads what a JHipster admin would. */
export const loggerSchema = z.object({ configuredLevel: logLevelSchema.nullable(), effectiveLevel: logLevelSchema });
export const loggersResponseSchema = z.object({
  levels: z.array(logLevelSchema),
  loggers: z.record(z.string(), loggerSchema),
});
export type LoggersResponse = z.infer<typeof loggersResponseSchema>;
export const loggerChangeSchema = z.object({ configuredLevel: logLevelSchema.nullable() });

export const healthStatusSchema = z.enum(['UP', 'DOWN', 'UNKNOWN']);
export const healthComponentSchema = z.object({
  status: healthStatusSchema,
  details: z.record(z.string(), z.unknown()).optional(),
});
export const healthSchema = z.object({
  status: healthStatusSchema,
  components: z.record(z.string(), healthComponentSchema).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** What the metrics screen shows; the same figures are in Prometheus text at management/prometheus. */
export const metricsSummarySchema = z.object({
  uptimeSeconds: z.number(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number() }),
  eventLoop: z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  http: z.array(
    z.object({ method: z.string(), route: z.string(), status: z.string(), count: z.number(), meanMs: z.number() }),
  ),
  ingestion: z.object({ accepted: z.number(), rejected: z.record(z.string(), z.number()), stored: z.number() }),
  alerts: z.object({ raised: z.number() }),
  outbox: z.object({ pending: z.number(), sent: z.number(), failed: z.number(), held: z.number() }),
});
export type MetricsSummary = z.infer<typeof metricsSummarySchema>;

/** In place of the JVM thread dump: what a Node process can say about where its time goes. */
export const diagnosticsSchema = z.object({
  node: z.string(),
  pid: z.number(),
  uptimeSeconds: z.number(),
  eventLoopDelayMs: z.object({
    min: z.number(),
    mean: z.number(),
    p50: z.number(),
    p90: z.number(),
    p99: z.number(),
    max: z.number(),
  }),
  eventLoopUtilization: z.number(),
  /** How busy ingestion's parse thread was since the last look; null while it is not running. */
  parseThreadUtilization: z.number().nullable(),
  activeResources: z.record(z.string(), z.number()),
  memory: z.record(z.string(), z.number()),
  cpu: z.object({ userMicros: z.number(), systemMicros: z.number() }),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

export const envSchema = z.object({ variables: z.record(z.string(), z.string()) });
export const MASK = '******';

export const auditEventSchema = z.object({
  id: z.number(),
  principal: z.string(),
  type: z.string(),
  timestamp: z.string(),
  remoteAddress: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
export const AUDIT_SORT_FIELDS = ['timestamp', 'principal', 'type'] as const;

/** management/audits: page, size, sort, fromDate, toDate (inclusive days, UTC); total in x-total-count. */
export const auditQuerySchema = z
  .object({
    page: intParam(0, 1_000_000),
    size: intParam(20, MAX_PAGE_SIZE).pipe(z.number().min(1, 'Min')),
    sort: z
      .string()
      .regex(
        new RegExp(`^(${AUDIT_SORT_FIELDS.join('|')})(,(asc|desc))?$`),
        `must be one of ${AUDIT_SORT_FIELDS.join(', ')}, optionally ,asc or ,desc`,
      )
      .default('timestamp,desc'),
    fromDate: isoDate.optional(),
    toDate: isoDate.optional(),
    principal: z.string().trim().max(254, 'Max').optional(),
    type: z.string().trim().max(64, 'Max').optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    path: ['toDate'],
    message: 'must not be before fromDate',
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
