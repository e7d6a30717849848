import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import type { AccountMails } from '../../mail/account-mails.js';
import type { MailDispatcher } from '../../mail/dispatcher.js';
import type { Telemetry } from '../../telemetry/telemetry.js';
import type { DiagnosticsProbe } from './diagnostics.js';

/** Where the figures come from. */
export interface MetricSources {
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

/** HTTP requests by method, route and status, observed as each response leaves. */
export function httpHistogram(app: FastifyInstance, registry: Registry) {
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
  return http;
}

/** Ingestion, alerts and the outbox: the tallies their own parts keep, read at scrape time. */
export function mirrorTallies(registry: Registry, sources: MetricSources) {
  const telemetry = sources.telemetry;
  const writer = () => telemetry()?.writer.stats;
  const tally = (name: string, help: string, read: () => number) => mirroredCounter(registry, name, help, [], read);

  tally('evfleet_readings_stored_total', 'Readings committed to the CAN history', () => writer()?.storedRows ?? 0);
  mirroredCounter(
    registry,
    'evfleet_readings_rejected_total',
    'Readings refused, by reason',
    ['reason'],
    () => telemetry()?.rejections.snapshot() ?? {},
  );
  tally('evfleet_ingest_batches_total', 'Batches written to the CAN history', () => writer()?.batches ?? 0);
  tally(
    'evfleet_ingest_failed_batches_total',
    'Batches whose write failed (devices retry)',
    () => writer()?.failedBatches ?? 0,
  );
  tally('evfleet_ingest_flush_seconds_total', 'Time spent writing batches', () => writer()?.flushSeconds ?? 0);
  new Gauge({
    name: 'evfleet_ingest_queued_readings',
    help: 'Readings accepted and waiting to be written',
    registers: [registry],
    collect() {
      this.set(telemetry()?.writer.queued ?? 0);
    },
  });
  mirroredCounter(registry, 'evfleet_alerts_raised_total', 'Alert episodes entered, by band', ['band'], () => ({
    ...(telemetry()?.alerts.raised ?? {}),
  }));
  tally('evfleet_outbox_sent_total', 'Mails and SMS delivered by this instance', () => sources.mail.stats.sent);
  tally(
    'evfleet_outbox_failed_total',
    'Delivery attempts that failed (retried later)',
    () => sources.mail.stats.failed,
  );
  tally(
    'evfleet_account_mails_held_total',
    'Account mails not sent because their address had its 3 an hour (docs/security.md)',
    () => sources.accountMails.stats.held,
  );
}

/** Gauges set just before each scrape: they cost a query or a look at the event loop. */
export function scrapeGauges(registry: Registry) {
  return {
    pending: new Gauge({
      name: 'evfleet_outbox_pending',
      help: 'Messages waiting in the outbox (all instances)',
      registers: [registry],
    }),
    eventLoop: new Gauge({
      name: 'evfleet_event_loop_delay_p99_seconds',
      help: 'Event-loop delay, 99th percentile since start',
      registers: [registry],
    }),
  };
}
