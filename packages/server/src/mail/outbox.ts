import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: string;
  /** A file sent with the mail, kept in the outbox row until it is delivered. */
  attachment?: { name: string; content: Buffer };
}

/** Writes a mail to the outbox; pass the transaction of the change that caused it. */
export async function enqueueMail(db: Pick<Db, 'insert'>, mail: OutgoingMail) {
  await db.insert(mailOutbox).values({
    recipient: mail.to,
    subject: mail.subject,
    body: mail.body,
    kind: mail.kind,
    attachmentName: mail.attachment?.name,
    attachment: mail.attachment?.content,
  });
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due mails for this instance. The claim pushes next_attempt_at forward, so another instance
 * (or this one after a crash) retries only once the claim has lapsed.
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds = 60): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(sql`${mailOutbox.id} in ${due}`)
    .returning();
}

export async function markSent(db: Db, id: number, transport: string) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, transport, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Retries back off exponentially up to an hour. */
export async function markFailed(db: Db, row: OutboxRow, error: string) {
  const delay = Math.min(3600, 5 * 2 ** Math.min(row.attempts, 10));
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 2000), nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
    .where(eq(mailOutbox.id, row.id));
}
