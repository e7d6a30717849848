import { pageAuthority, type Page } from '@evfleet/domain';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rolePage } from '../../db/schema.js';

/** Whether the caller's role (part 1 §6: the one whose pages apply) has a page in role_page. */
export async function pageAllowed(db: Queryable, authorities: readonly string[], page: Page): Promise<boolean> {
  const role = pageAuthority(authorities);
  if (!role) return false;
  const rows = await db
    .select({ page: rolePage.page })
    .from(rolePage)
    .where(and(eq(rolePage.authority, role), eq(rolePage.page, page)));
  return rows.length > 0;
}
