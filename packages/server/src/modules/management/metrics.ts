import type { MetricsSummary } from '@evfleet/domain';
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { mailOutbox } from '../../db/schema.js';
import { metricsSummary } from './metrics-summary.js';
import { httpHistogram, mirrorTallies, scrapeGauges, type MetricSources } from './prometheus-metrics.js';

/**
 * The server's metrics in one registry per app (nothing global, so test apps don't share figures):
 * HTTP by route and status, ingestion, alerts, the mail outbox, and Node's own (event loop, memory).
 */
export function createMetrics(app: FastifyInstance, sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = httpHistogram(app, registry);
  mirrorTallies(registry, sources);
  const gauges = scrapeGauges(registry);

  const outboxPending = async () => sources.db.$count(mailOutbox, isNull(mailOutbox.sentAt));

  return {
    async prometheus(): Promise<{ contentType: string; text: string }> {
      gauges.pending.set(await outboxPending());
      gauges.eventLoop.set(sources.diagnostics.delay.percentile(99) / 1e9);
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    async summary(): Promise<MetricsSummary> {
      return metricsSummary(sources, (await http.get()).values, await outboxPending());
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
