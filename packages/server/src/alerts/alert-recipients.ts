import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { notificationList, vehicleNotification } from '../db/admin-schema.js';

/** The addresses and numbers of the notification lists a vehicle is linked to, each once. */
export async function listRecipients(
  db: Queryable,
  vehicleId: number,
): Promise<{ channel: 'email' | 'sms'; to: string }[]> {
  const rows = await db
    .select({ emails: notificationList.emails, sms: notificationList.smsNumbers })
    .from(vehicleNotification)
    .innerJoin(notificationList, eq(notificationList.id, vehicleNotification.notificationId))
    .where(eq(vehicleNotification.vehicleId, vehicleId));
  const emails = new Set(rows.flatMap((r) => r.emails.map((e) => e.toLowerCase())));
  const numbers = new Set(rows.flatMap((r) => r.sms));
  return [
    ...[...emails].map((to) => ({ channel: 'email' as const, to })),
    ...[...numbers].map((to) => ({ channel: 'sms' as const, to })),
  ];
}

/** A recipient in an outbox dedupe key: short and fixed in length, whatever the address. */
export const recipientKey = (to: string) => createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 16);
