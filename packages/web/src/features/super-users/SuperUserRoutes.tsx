import type { ReactNode } from 'react';
import { EntityRoutes } from '../../routing/EntityRoutes';
import { RequireCan } from '../../session/RequireCan';
import { SuperUserDetailPage } from './SuperUserDetailPage';
import { SuperUsersPage } from './SuperUsersPage';

const adminsOnly = (page: ReactNode) => <RequireCan what="superUsers">{page}</RequireCan>;

/**
 * /users-page (§2.8), loaded on demand; administrators only, like every api/superUsers call. The
 * form and the delete question are modals of the list.
 */
export default function SuperUserRoutes() {
  return (
    <EntityRoutes
      list={adminsOnly(<SuperUsersPage />)}
      detail={adminsOnly(<SuperUserDetailPage />)}
      writersOnly={adminsOnly}
    />
  );
}
