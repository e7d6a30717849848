import type { Db } from '../db/client.js';
import { accountsRepository } from './accounts.repository.js';
import { hashPassword } from './passwords.js';

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
