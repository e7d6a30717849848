import type { SuperUser } from '@evfleet/domain';
import type { SuperUserRow } from './super-users.repository.js';

/** Exactly the fields of a super user that leave the server. */
export const toSuperUser = (r: SuperUserRow): SuperUser => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobileNumber: r.mobileNumber,
  address: r.address,
  userId: r.userId,
});
