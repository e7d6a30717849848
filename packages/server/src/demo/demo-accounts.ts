import type { Role } from '@evfleet/domain';
import { sql } from 'drizzle-orm';
import { accountsRepository } from '../auth/accounts.repository.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/client.js';

const DEMO_ACCOUNTS: {
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
