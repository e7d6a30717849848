import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { RequireCan } from '../../session/RequireCan';
import { SuperUserDetailPage } from './SuperUserDetailPage';
import { SuperUsersPage } from './SuperUsersPage';

/** /users-page (§2.8), loaded on demand; administrators only, like every api/superUsers call. */
export default function SuperUserRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequireCan what="superUsers">
            <SuperUsersPage />
          </RequireCan>
        }
      />
      <Route
        path=":id"
        element={
          <RequireCan what="superUsers">
            <SuperUserDetailPage />
          </RequireCan>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
