import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRow } from './outbox.js';
import type { SmsSender } from './sms-sender.js';

/**
 * The SMTP URL with nodemailer's connection pool on unless it says otherwise: an alert storm's
 * hundreds of mails then go over a few open connections, not one connection (and TLS handshake) each.
 */
const pooled = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
};

/** An outbox row as the mail SMTP sends; `domain` is the sender's, for the Message-ID. */
const smtpMessage = (row: OutboxRow, from: string, domain: string) => ({
  from,
  to: row.recipient,
  subject: row.subject,
  text: row.body,
  attachments: row.attachment ? [{ filename: row.attachmentName ?? 'attachment', content: row.attachment }] : undefined,
  // One Message-ID per outbox row: an instance that dies after the server took a mail but
  // before marking it sent makes another send it again, and the copy carries the same ID,
  // which mail servers and clients drop as a duplicate.
  messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`,
});

/**
 * Sends one outbox row by its channel: mail over SMTP when SMTP_URL is set, otherwise by writing
 * the message (and so its link) to the log, which keeps the demo usable offline; SMS through the
 * SMS adapter. `send` tells the transport it went by.
 */
export function mailDelivery(opts: { smtpUrl?: string; from: string; sms: SmsSender; log: FastifyBaseLogger }) {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(pooled(opts.smtpUrl)) : null;
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'evfleet.local';
  return {
    transport: smtp ? ('smtp' as const) : ('log' as const),
    async send(row: OutboxRow) {
      if (row.channel === 'sms') {
        await opts.sms.send(row.recipient, row.body);
        return `sms-${opts.sms.transport}`;
      }
      if (smtp) {
        await smtp.sendMail(smtpMessage(row, opts.from, domain));
        return 'smtp';
      }
      opts.log.info(
        { mail: { to: row.recipient, subject: row.subject, body: row.body } },
        `mail to ${row.recipient}: ${row.subject}\n${row.body}`,
      );
      return 'log';
    },
    verify: async () => {
      if (smtp) await smtp.verify();
    },
    close: () => smtp?.close(),
  };
}
