import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refused } from '../http/errors.js';
import { appUser } from '../db/schema.js';

type Tx = Pick<Db, 'select'>;

export const EMAIL_IN_USE = 'Email is already in use!';

/** Refuses a login or email already used by another user (case-insensitive, like the unique indexes). */
export async function assertUnique(tx: Tx, values: { login?: string; email?: string }, exceptUserId?: number) {
  const taken = async (column: typeof appUser.login | typeof appUser.email, value: string) => {
    const rows = await tx
      .select({ id: appUser.id })
      .from(appUser)
      .where(sql`lower(${column}) = lower(${value}) and ${appUser.id} <> ${exceptUserId ?? -1}`)
      .limit(1);
    return rows.length > 0;
  };
  if (values.login && (await taken(appUser.login, values.login)))
    throw refused('Login name already used!', 'userexists');
  if (values.email && (await taken(appUser.email, values.email))) throw refused(EMAIL_IN_USE, 'emailexists');
}
