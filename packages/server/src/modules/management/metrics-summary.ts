import type { MetricsSummary } from '@evfleet/domain';
import type { MetricSources } from './prometheus-metrics.js';

/** One value of the HTTP histogram as prom-client gives it: a bucket, the count or the sum of a label set. */
export interface HistogramValue {
  value: number;
  labels: Partial<Record<string, string | number>>;
  metricName?: string;
}

/** Requests per method, route and status with their mean time in ms, the most frequent first. */
export function httpSummary(values: readonly HistogramValue[]): MetricsSummary['http'] {
  const byKey = new Map<string, { method: string; route: string; status: string; count: number; sum: number }>();
  for (const v of values) {
    const { method, route, status } = v.labels as Record<string, string>;
    const key = `${method} ${route} ${status}`;
    const entry = byKey.get(key) ?? { method, route, status, count: 0, sum: 0 };
    if (v.metricName?.endsWith('_count')) entry.count = v.value;
    else if (v.metricName?.endsWith('_sum')) entry.sum = v.value;
    else continue;
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map(({ sum, ...e }) => ({ ...e, meanMs: e.count ? Math.round((sum / e.count) * 100_000) / 100 : 0 }))
    .sort((a, b) => b.count - a.count);
}

/** The administrators' summary: the process, HTTP, ingestion, alerts and the outbox. */
export function metricsSummary(
  sources: MetricSources,
  http: readonly HistogramValue[],
  outboxPending: number,
): MetricsSummary {
  const memory = process.memoryUsage();
  const d = sources.diagnostics.snapshot();
  const t = sources.telemetry();
  return {
    uptimeSeconds: d.uptimeSeconds,
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    eventLoop: { p50Ms: d.eventLoopDelayMs.p50, p99Ms: d.eventLoopDelayMs.p99, maxMs: d.eventLoopDelayMs.max },
    http: httpSummary(http),
    ingestion: {
      accepted: (t?.writer.stats.storedRows ?? 0) + (t?.writer.queued ?? 0),
      stored: t?.writer.stats.storedRows ?? 0,
      rejected: t?.rejections.snapshot() ?? {},
    },
    alerts: { raised: (t?.alerts.raised.WARNING ?? 0) + (t?.alerts.raised.SEVERE ?? 0) },
    outbox: {
      pending: outboxPending,
      sent: sources.mail.stats.sent,
      failed: sources.mail.stats.failed,
      held: sources.accountMails.stats.held,
    },
  };
}
