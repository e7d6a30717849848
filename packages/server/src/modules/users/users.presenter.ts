import type { Account, User } from '@evfleet/domain';
import type { UserWithRoles } from '../../auth/accounts.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Exactly the fields of an account that leave the server: never a hash or a key. */
export const toAccount = (u: UserWithRoles): Account => ({
  id: u.id,
  login: u.login,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  activated: u.activated,
  langKey: u.langKey,
  authorities: u.authorities,
});

export const toUser = (u: UserWithRoles): User => ({
  ...toAccount(u),
  staff: u.staff,
  createdBy: u.createdBy,
  createdDate: iso(u.createdDate),
  lastModifiedBy: u.lastModifiedBy,
  lastModifiedDate: iso(u.lastModifiedDate),
});
