import type { MetricsSummary } from '@evfleet/domain';
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { AccountMails } from '../../mail/account-mails.js';
import type { MailDispatcher } from '../../mail/dispatcher.js';
import type { Telemetry } from '../../telemetry/telemetry.js';
import type { DiagnosticsProbe } from './diagnostics.js';

interface Sources {
  db: Db;
  mail: MailDispatcher;
  accountMails: Pick<AccountMails, 'stats'>;
  /** Installed after the metrics, so read when scraped. */
  telemetry: () => Telemetry | undefined;
  diagnostics: DiagnosticsProbe;
}

/** A counter whose value lives elsewhere (a pipeline's own tally), read at scrape time. */
function mirroredCounter(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Record<string, number> | number,
) {
  return new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      const value = read();
      if (typeof value === 'number') this.inc(value);
      else for (const [label, n] of Object.entries(value)) this.inc({ [labelNames[0]]: label }, n);
    },
  });
}

/**
 * The server's metrics in one registry per app (nothing global, so test apps don't share figures):
 * HTTP by route and status, ingestion, alerts, the mail outbox, and Node's own (event loop, memory).
 */
export function createMetrics(app: FastifyInstance, sources: Sources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'http_server_requests_seconds',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    http.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const writer = () => sources.telemetry()?.writer.stats;
  mirroredCounter(
    registry,
    'evfleet_readings_stored_total',
    'Readings committed to the CAN history',
    [],
    () => writer()?.storedRows ?? 0,
  );
  mirroredCounter(
    registry,
    'evfleet_readings_rejected_total',
    'Readings refused, by reason',
    ['reason'],
    () => sources.telemetry()?.rejections.snapshot() ?? {},
  );
  mirroredCounter(
    registry,
    'evfleet_ingest_batches_total',
    'Batches written to the CAN history',
    [],
    () => writer()?.batches ?? 0,
  );
  mirroredCounter(
    registry,
    'evfleet_ingest_failed_batches_total',
    'Batches whose write failed (devices retry)',
    [],
    () => writer()?.failedBatches ?? 0,
  );
  mirroredCounter(
    registry,
    'evfleet_ingest_flush_seconds_total',
    'Time spent writing batches',
    [],
    () => writer()?.flushSeconds ?? 0,
  );
  new Gauge({
    name: 'evfleet_ingest_queued_readings',
    help: 'Readings accepted and waiting to be written',
    registers: [registry],
    collect() {
      this.set(sources.telemetry()?.writer.queued ?? 0);
    },
  });
  mirroredCounter(registry, 'evfleet_alerts_raised_total', 'Alert episodes entered, by band', ['band'], () => ({
    ...(sources.telemetry()?.alerts.raised ?? {}),
  }));
  mirroredCounter(
    registry,
    'evfleet_outbox_sent_total',
    'Mails and SMS delivered by this instance',
    [],
    () => sources.mail.stats.sent,
  );
  mirroredCounter(
    registry,
    'evfleet_outbox_failed_total',
    'Delivery attempts that failed (retried later)',
    [],
    () => sources.mail.stats.failed,
  );
  mirroredCounter(
    registry,
    'evfleet_account_mails_held_total',
    'Account mails not sent because their address had its 3 an hour (docs/security.md)',
    [],
    () => sources.accountMails.stats.held,
  );
  const pending = new Gauge({
    name: 'evfleet_outbox_pending',
    help: 'Messages waiting in the outbox (all instances)',
    registers: [registry],
  });
  const eventLoop = new Gauge({
    name: 'evfleet_event_loop_delay_p99_seconds',
    help: 'Event-loop delay, 99th percentile since start',
    registers: [registry],
  });

  const outboxPending = async () => sources.db.$count(mailOutbox, isNull(mailOutbox.sentAt));

  return {
    async prometheus(): Promise<{ contentType: string; text: string }> {
      pending.set(await outboxPending());
      eventLoop.set(sources.diagnostics.delay.percentile(99) / 1e9);
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    async summary(): Promise<MetricsSummary> {
      const routes = (await http.get()).values;
      const byKey = new Map<string, { method: string; route: string; status: string; count: number; sum: number }>();
      for (const v of routes) {
        const { method, route, status } = v.labels as Record<string, string>;
        const key = `${method} ${route} ${status}`;
        const entry = byKey.get(key) ?? { method, route, status, count: 0, sum: 0 };
        if (v.metricName?.endsWith('_count')) entry.count = v.value;
        else if (v.metricName?.endsWith('_sum')) entry.sum = v.value;
        else continue;
        byKey.set(key, entry);
      }
      const memory = process.memoryUsage();
      const d = sources.diagnostics.snapshot();
      const t = sources.telemetry();
      return {
        uptimeSeconds: d.uptimeSeconds,
        memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
        eventLoop: { p50Ms: d.eventLoopDelayMs.p50, p99Ms: d.eventLoopDelayMs.p99, maxMs: d.eventLoopDelayMs.max },
        http: [...byKey.values()]
          .map(({ sum, ...e }) => ({ ...e, meanMs: e.count ? Math.round((sum / e.count) * 100_000) / 100 : 0 }))
          .sort((a, b) => b.count - a.count),
        ingestion: {
          accepted: (t?.writer.stats.storedRows ?? 0) + (t?.writer.queued ?? 0),
          stored: t?.writer.stats.storedRows ?? 0,
          rejected: t?.rejections.snapshot() ?? {},
        },
        alerts: { raised: (t?.alerts.raised.WARNING ?? 0) + (t?.alerts.raised.SEVERE ?? 0) },
        outbox: {
          pending: await outboxPending(),
          sent: sources.mail.stats.sent,
          failed: sources.mail.stats.failed,
          held: sources.accountMails.stats.held,
        },
      };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
