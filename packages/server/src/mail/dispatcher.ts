import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { claimDueMails, markFailed, markSent, type OutboxRow } from './outbox.js';
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
 * The SMTP URL with nodemailer's connection pool on unless it says otherwise: an alert storm's
 * hundreds of mails then go over a few open connections, not one connection (and TLS handshake) each.
 */
const pooled = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
};

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
  const smtp = opts.smtpUrl ? nodemailer.createTransport(pooled(opts.smtpUrl)) : null;
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'evfleet.local';
  let running: Promise<void> | null = null;
  let again = false;
  const stats = { sent: 0, failed: 0 };

  const deliver = async (row: OutboxRow) => {
    if (row.channel === 'sms') {
      await opts.sms.send(row.recipient, row.body);
      return `sms-${opts.sms.transport}`;
    }
    if (smtp) {
      const attachments = row.attachment
        ? [{ filename: row.attachmentName ?? 'attachment', content: row.attachment }]
        : undefined;
      await smtp.sendMail({
        from: opts.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        attachments,
        // One Message-ID per outbox row: an instance that dies after the server took a mail but
        // before marking it sent makes another send it again, and the copy carries the same ID,
        // which mail servers and clients drop as a duplicate.
        messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`,
      });
      return 'smtp';
    }
    opts.log.info(
      { mail: { to: row.recipient, subject: row.subject, body: row.body } },
      `mail to ${row.recipient}: ${row.subject}\n${row.body}`,
    );
    return 'log';
  };

  const drain = async () => {
    for (;;) {
      const rows = await claimDueMails(opts.db, 20);
      if (rows.length === 0) return;
      for (const row of rows) {
        try {
          await markSent(opts.db, row, await deliver(row));
          stats.sent++;
        } catch (err) {
          stats.failed++;
          opts.log.warn({ err, mailId: row.id }, 'mail delivery failed; will retry');
          await markFailed(opts.db, row, err instanceof Error ? err.message : String(err));
        }
      }
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err) => opts.log.error({ err }, 'mail outbox drain failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const timer = setInterval(() => void run(), opts.intervalMs ?? 5000);
  timer.unref();

  return {
    kick: () => void run(),
    flush: async () => {
      await run();
      if (running) await running;
    },
    close: async () => {
      clearInterval(timer);
      if (running) await running;
      smtp?.close();
    },
    transport: smtp ? 'smtp' : 'log',
    stats,
    verify: async () => {
      if (smtp) await smtp.verify();
    },
  };
}
