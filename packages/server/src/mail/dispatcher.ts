import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { createDrainLoop } from '../lib/drain-loop.js';
import { mailDelivery } from './mail-delivery.js';
import { claimDueMails, markFailed, markSent } from './outbox.js';
import type { SmsSender } from './sms-sender.js';

export interface MailDispatcher {
  /** Sends what is due now instead of waiting for the next tick. */
  kick(): void;
  /** Resolves once every mail due now has been tried. */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly transport: 'smtp' | 'log';
  verify(): Promise<void>;
  /** Deliveries by this instance since start (metrics). */
  readonly stats: { sent: number; failed: number };
}

/**
 * Delivers the outbox: mail over SMTP when SMTP_URL is set, otherwise by writing each message (and
 * so its link) to the log, which keeps the demo usable offline; SMS through the SMS adapter.
 */
export function createMailDispatcher(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  sms: SmsSender;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): MailDispatcher {
  const delivery = mailDelivery(opts);
  const stats = { sent: 0, failed: 0 };

  const drain = async () => {
    for (;;) {
      const rows = await claimDueMails(opts.db, 20);
      if (rows.length === 0) return;
      for (const row of rows) {
        try {
          await markSent(opts.db, row, await delivery.send(row));
          stats.sent++;
        } catch (err) {
          stats.failed++;
          opts.log.warn({ err, mailId: row.id }, 'mail delivery failed; will retry');
          await markFailed(opts.db, row, err instanceof Error ? err.message : String(err));
        }
      }
    }
  };
  const loop = createDrainLoop({
    drain,
    intervalMs: opts.intervalMs ?? 5000,
    log: opts.log,
    failure: 'mail outbox drain failed',
  });

  return {
    kick: loop.kick,
    flush: loop.flush,
    close: async () => {
      await loop.close();
      delivery.close();
    },
    transport: delivery.transport,
    stats,
    verify: delivery.verify,
  };
}
