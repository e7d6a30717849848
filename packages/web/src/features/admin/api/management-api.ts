import type { AuditEvent, Diagnostics, Health, LoggersResponse, LogLevel, MetricsSummary } from '@evfleet/domain';
import { healthSchema } from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError, totalCount } from '../../../api/http';
import { getQuery } from '../../../api/query-options';

/** The screens refresh what changes by itself (health, metrics, diagnostics) this often. */
const LIVE_MS = 10_000;

/** management/health answers 503 with the same body when something is down: that is a result, not an error. */
async function health(signal: AbortSignal): Promise<Health> {
  try {
    return (await http.get<Health>('management/health', { signal, silent: true })).data;
  } catch (err) {
    if (err instanceof HttpError && err.call.status === 503) return healthSchema.parse(err.call.body);
    throw err;
  }
}

export const useHealth = () =>
  useQuery({ queryKey: ['admin', 'health'], queryFn: ({ signal }) => health(signal), refetchInterval: LIVE_MS });

export const useMetrics = () =>
  useQuery({ ...getQuery<MetricsSummary>(['admin', 'metrics'], 'management/jhimetrics'), refetchInterval: LIVE_MS });

export const useDiagnostics = () =>
  useQuery({ ...getQuery<Diagnostics>(['admin', 'diagnostics'], 'management/threaddump'), refetchInterval: LIVE_MS });

const LOGGERS = ['admin', 'loggers'] as const;
export const useLoggers = () => useQuery(getQuery<LoggersResponse>(LOGGERS, 'management/loggers'));

/** POST management/loggers/{name}: null returns the logger to following ROOT. */
export function useChangeLogger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, level }: { name: string; level: LogLevel | null }) =>
      http.post(`management/loggers/${encodeURIComponent(name)}`, { configuredLevel: level }),
    onSuccess: () => client.invalidateQueries({ queryKey: LOGGERS }),
  });
}

export const useConfigProps = () =>
  useQuery({
    ...getQuery<{ config: Record<string, unknown> }>(['admin', 'configprops'], 'management/configprops'),
    select: (answer) => answer.config,
  });

export const useEnv = () =>
  useQuery({
    ...getQuery<{ variables: Record<string, string> }>(['admin', 'env'], 'management/env'),
    select: (answer) => answer.variables,
  });

export interface AuditsQuery {
  page: number;
  size: number;
  sort: string;
  fromDate?: string;
  toDate?: string;
  principal?: string;
}

export function useAudits(query: AuditsQuery) {
  return useQuery({
    queryKey: ['admin', 'audits', query],
    queryFn: async ({ signal }) => {
      const { data, headers } = await http.get<AuditEvent[]>('management/audits', { query: { ...query }, signal });
      return { rows: data, total: totalCount(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

export const useApiDocs = () =>
  useQuery({ ...getQuery<OpenApiDocument>(['admin', 'api-docs'], 'v3/api-docs'), staleTime: Infinity });

/** The parts of an OpenAPI 3 document the docs screen reads. */
export interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
