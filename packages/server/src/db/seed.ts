import { DEFAULT_PAGES, ROLES } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { authority, rolePage } from './schema.js';
import { seedDefaultTemplates } from './seed-templates.js';

/** Reference data every installation needs: the four roles and their starting pages. */
export async function seedReferenceData(db: Db) {
  await db
    .insert(authority)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(rolePage);
  // Pages are seeded once; after that they belong to the administrators' role-permission screens.
  if (count === 0) {
    const rows = ROLES.flatMap((role) => DEFAULT_PAGES[role].map((page) => ({ authority: role, page })));
    await db.insert(rolePage).values(rows).onConflictDoNothing();
  }
  await seedDefaultTemplates(db);
}
