import { Navigate, Route, Routes } from 'react-router';
import { NotFound } from '../../app/shell/StatusPages';
import { UsersAdminPage } from './UsersAdminPage';

/** The /admin area (ROLE_ADMIN), loaded on demand (§2.2). Paths are relative to /admin. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="user-management" replace />} />
      <Route path="user-management" element={<UsersAdminPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
