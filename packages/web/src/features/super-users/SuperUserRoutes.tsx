import { Route, Routes } from 'react-router';
import { NotFound } from '../../app/shell/StatusPages';
import { RequireWrite } from '../people-shared/RequireWrite';
import { SuperUsersPage } from './SuperUsersPage';

/** /users-page (§2.8), loaded on demand; administrators only, like every api/superUsers call. */
export default function SuperUserRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RequireWrite write="superUsers">
            <SuperUsersPage />
          </RequireWrite>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
