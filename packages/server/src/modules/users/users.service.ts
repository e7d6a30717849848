import { randomBytes } from 'node:crypto';
import type { Role, UserWrite } from '@evfleet/domain';
import { hashPassword } from '../../auth/passwords.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, refused } from '../../http/errors.js';
import type { AccountMails } from '../../mail/account-mails.js';
import { newKey } from '../account/index.js';
import { toUser } from './users.presenter.js';
import { SORTABLE, accountsRepository as users } from '../../auth/accounts.repository.js';
import { assertUnique } from '../../auth/account-uniqueness.js';

interface Deps {
  db: Db;
  mails: AccountMails;
  mailQueued: () => void;
}

/** 'login,desc' -> a sortable column and direction; unknown columns fall back to id. */
export function parseSort(sort: string | string[] | undefined) {
  const first = (Array.isArray(sort) ? sort[0] : sort) ?? 'id,asc';
  const [field, dir] = first.split(',');
  const column = (field in SORTABLE ? field : 'id') as keyof typeof SORTABLE;
  return { column, desc: dir?.toLowerCase() === 'desc' };
}

/** The columns the users form sets, as stored: login and email in lower case, blank names as null. */
const formValues = (input: UserWrite) => ({
  login: input.login.toLowerCase(),
  email: input.email.toLowerCase(),
  firstName: input.firstName ?? null,
  lastName: input.lastName ?? null,
  langKey: input.langKey,
  activated: input.activated,
});

export function createUsersService({ db, mails, mailQueued }: Deps) {
  const get = async (id: number) => {
    const user = await users.findById(db, id);
    if (!user) throw notFound('The user');
    return user;
  };

  return {
    async page(page: number, size: number, sort: string | string[] | undefined) {
      const { rows, total } = await users.page(db, page, size, parseSort(sort));
      return { users: rows.map(toUser), total };
    },

    get: async (id: number) => toUser(await get(id)),

    /** Without a password the new user gets a mail with a link to choose one. */
    async create(input: UserWrite, by: AuthUser) {
      if (input.id) throw refused('A new user cannot already have an ID', 'idexists');
      const key = input.password ? null : newKey();
      const created = await db.transaction(async (tx) => {
        await assertUnique(tx, { login: input.login, email: input.email });
        const row = await users.insert(
          tx,
          {
            ...formValues(input),
            staff: input.staff ?? false,
            passwordHash: await hashPassword(input.password ?? randomBytes(24).toString('base64url')),
            resetKey: key,
            resetDate: key ? new Date() : null,
            createdBy: by.login,
          },
          input.authorities,
        );
        if (key) await mails.queue(tx, mails.creation(row, key));
        return row;
      });
      if (key) mailQueued();
      return toUser(await get(created.id));
    },

    async update(input: UserWrite, by: AuthUser) {
      if (!input.id) throw refused('An ID is required to update a user', 'idnull');
      const id = input.id;
      const existing = await get(id);
      if (id === by.id) guardSelf(existing.authorities, input.authorities, input.activated);
      await db.transaction(async (tx) => {
        await assertUnique(tx, { login: input.login, email: input.email }, id);
        await users.update(tx, id, {
          ...formValues(input),
          ...(input.staff === undefined ? {} : { staff: input.staff }),
          ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
          lastModifiedBy: by.login,
          lastModifiedDate: new Date(),
        });
        await users.setAuthorities(tx, id, input.authorities);
      });
      return toUser(await get(id));
    },

    async remove(id: number, by: AuthUser) {
      if (id === by.id) throw refused('You cannot delete your own account.', 'deleteself');
      const { login } = await get(id);
      await users.delete(db, id);
      return login;
    },

    authorities: () => users.authorities(db),

    /** Pages of a role; a caller may read its own roles' pages, an administrator any role's. */
    async pages(authority: string, by: AuthUser) {
      if (!by.authorities.includes('ROLE_ADMIN') && !by.authorities.includes(authority as Role)) throw forbidden();
      return users.pagesOf(db, [authority]);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

/** An administrator cannot lock itself out by removing its own admin role or deactivating itself. */
function guardSelf(current: Role[], next: Role[], activated: boolean) {
  if (current.includes('ROLE_ADMIN') && !next.includes('ROLE_ADMIN'))
    throw refused('You cannot remove your own administrator role.', 'demoteself');
  if (!activated) throw refused('You cannot deactivate your own account.', 'deactivateself');
}
