import { Navigate, Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { ApiKeysPage } from '../api-keys';
import { NotificationsPage } from '../notifications';
import { PasswordPage } from './PasswordPage';
import { SettingsPage } from './SettingsPage';

/** The private /account area, loaded on demand (§2.2). Paths are relative to /account. */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="settings" replace />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="password" element={<PasswordPage />} />
      <Route path="api-keys" element={<ApiKeysPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
