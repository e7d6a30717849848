import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ACCOUNT_MAIL_KINDS, mailOutbox, UNSENT_ACCOUNT_MAIL } from '../db/schema.js';

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

/** Account mails one address receives in an hour at most: further requests are answered as usual and send nothing. */
export const ACCOUNT_MAILS_PER_HOUR = 3;

/**
 * Writes an account mail to the outbox unless its address has had ACCOUNT_MAILS_PER_HOUR of them
 * in the last hour (docs/security.md, "No mail bombing"); answers whether it was written. An unsent
 * one of the same kind to the address is replaced, so a newer key's mail is the one sent. Pass the
 * transaction of the change that caused it: the address is locked until it commits, so two
 * requests at once count one after the other.
 */
export async function enqueueAccountMail(db: Pick<Db, 'insert' | 'execute'>, mail: OutgoingMail): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail ${mail.to}`}))`);
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${mailOutbox} where ${mailOutbox.recipient} = ${mail.to}
        and ${inArray(mailOutbox.kind, [...ACCOUNT_MAIL_KINDS])} and ${mailOutbox.createdAt} > now() - interval '1 hour'`,
  );
  if (rows[0].n >= ACCOUNT_MAILS_PER_HOUR) return false;
  await db
    .insert(mailOutbox)
    .values({ recipient: mail.to, subject: mail.subject, body: mail.body, kind: mail.kind })
    .onConflictDoUpdate({
      target: [mailOutbox.recipient, mailOutbox.kind],
      targetWhere: UNSENT_ACCOUNT_MAIL,
      set: {
        subject: mail.subject,
        body: mail.body,
        createdAt: sql`now()`,
        nextAttemptAt: sql`now()`,
        attempts: 0,
        lastError: null,
      },
    });
  return true;
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

/**
 * Marks a delivered mail sent, unless it was replaced while it was being delivered (an account
 * mail with a newer key: enqueueAccountMail): then it stays due and its new text is sent.
 */
export async function markSent(db: Db, row: Pick<OutboxRow, 'id' | 'createdAt'>, transport: string) {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, transport, lastError: null })
    .where(
      and(
        eq(mailOutbox.id, row.id),
        // As JavaScript read it: the stored time has microseconds.
        sql`date_trunc('milliseconds', ${mailOutbox.createdAt}) = ${row.createdAt.toISOString()}::timestamptz`,
      ),
    );
}

/** Retries back off exponentially up to an hour. */
export async function markFailed(db: Db, row: OutboxRow, error: string) {
  const delay = Math.min(3600, 5 * 2 ** Math.min(row.attempts, 10));
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 2000), nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
    .where(eq(mailOutbox.id, row.id));
}
