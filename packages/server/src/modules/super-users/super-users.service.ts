import type { PageQuery, SuperUserWrite } from '@evfleet/domain';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { superUser } from '../../db/schema.js';
import { notFound, refused } from '../../http/errors.js';
import { listOf } from '../../db/listing.js';
import { personAccount, releaseAccount } from '../../auth/person-accounts.js';
import { superUsersRepository as repo } from './super-users.repository.js';
import { toSuperUser } from './super-users.presenter.js';

/** Super users are administrators: their account holds ROLE_ADMIN and ROLE_USER. */
const ROLES = ['ROLE_ADMIN', 'ROLE_USER'] as const;
type SuperUserCreate = Omit<SuperUserWrite, 'id' | 'password'> & { id?: number; password: string };

/** Only administrators reach these calls (the routes admit ROLE_ADMIN alone), so reads need not ask who calls. */
export function createSuperUsersService({ db }: { db: Db }) {
  const values = (input: Omit<SuperUserWrite, 'id'>, userId: number) => ({
    name: input.name,
    email: input.email,
    mobileNumber: input.mobileNumber,
    address: input.address,
    userId,
  });
  /** Its account: named and mailed as the super user, with the password given (on an update, if any). */
  const accountSpec = (input: Omit<SuperUserWrite, 'id'>, by: AuthUser) => ({
    name: input.name,
    email: input.email,
    roles: ROLES,
    password: input.password,
    by: by.login,
  });

  return {
    async page(_by: AuthUser, term: string, page: PageQuery) {
      const { rows, total } = await repo.list(db, term, page);
      return listOf(rows, total, toSuperUser);
    },

    async get(_by: AuthUser, id: number) {
      const row = await repo.find(db, id);
      if (!row) throw notFound('The super user');
      return toSuperUser(row);
    },

    async create(by: AuthUser, input: SuperUserCreate) {
      if (input.id) throw refused('A new super user cannot already have an ID', 'idexists');
      const row = await db.transaction(async (tx) => {
        const userId = await personAccount(tx, superUser, { userId: null }, accountSpec(input, by));
        return repo.insert(tx, values(input, userId));
      });
      return toSuperUser(row);
    },

    async update(by: AuthUser, input: SuperUserWrite) {
      const row = await db.transaction(async (tx) => {
        const current = await repo.find(tx, input.id, true);
        if (!current) throw notFound('The super user');
        const person = { id: current.id, userId: current.userId };
        const userId = await personAccount(tx, superUser, person, accountSpec(input, by));
        return repo.update(tx, current.id, values(input, userId));
      });
      return toSuperUser(row);
    },

    /** An administrator cannot delete the super user it signs in as. */
    async remove(by: AuthUser, id: number) {
      await db.transaction(async (tx) => {
        const current = await repo.find(tx, id, true);
        if (!current) throw notFound('The super user');
        if (current.userId === by.id) throw refused('You cannot delete your own account.', 'deleteself');
        await repo.delete(tx, id);
        await releaseAccount(tx, current.userId, ROLES);
      });
    },
  };
}
export type SuperUsersService = ReturnType<typeof createSuperUsersService>;
