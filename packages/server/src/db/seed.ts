import { DEFAULT_PAGES, ROLES, type Role } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { accountsRepository } from '../auth/accounts.repository.js';
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

export const DEMO_ACCOUNTS: {
  login: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  staff: boolean;
}[] = [
  {
    login: 'admin',
    email: 'admin@evfleet.local',
    password: 'admin123',
    firstName: 'Ada',
    lastName: 'Admin',
    roles: ['ROLE_ADMIN', 'ROLE_USER'],
    staff: false,
  },
  // The demo's staff member: reads every tenant, changes nothing.
  {
    login: 'user',
    email: 'user@evfleet.local',
    password: 'user1234',
    firstName: 'Uma',
    lastName: 'User',
    roles: ['ROLE_USER'],
    staff: true,
  },
];

/** The demo accounts the registration hint names; only added to a database without users. */
export async function seedDemoAccounts(db: Db) {
  const [{ count }] = await db
    .execute<{ count: number }>(sql`select count(*)::int as count from app_user`)
    .then((r) => r.rows);
  if (count > 0) return;
  for (const a of DEMO_ACCOUNTS) {
    await accountsRepository.insert(
      db,
      {
        login: a.login,
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        activated: true,
        staff: a.staff,
        passwordHash: await hashPassword(a.password),
      },
      a.roles,
    );
  }
}

/** Without demo data, INITIAL_ADMIN_PASSWORD creates the first administrator so someone can sign in. */
export async function seedInitialAdmin(db: Db, password: string) {
  if (await accountsRepository.findByLogin(db, 'admin')) return;
  await accountsRepository.insert(
    db,
    {
      login: 'admin',
      email: 'admin@evfleet.local',
      firstName: 'Administrator',
      lastName: '',
      activated: true,
      passwordHash: await hashPassword(password),
    },
    ['ROLE_ADMIN', 'ROLE_USER'],
  );
}
