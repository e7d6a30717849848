import { Navigate, Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { DeviceProfilePage, DeviceProfilesPage } from '../device-profiles';
import { AdminLayout } from './AdminLayout';
import { ApiDocsPage } from './operations/ApiDocsPage';
import { AuditsPage } from './operations/AuditsPage';
import { ConfigurationPage } from './operations/ConfigurationPage';
import { DiagnosticsPage } from './operations/DiagnosticsPage';
import { HealthPage } from './operations/HealthPage';
import { LoggersPage } from './operations/LoggersPage';
import { MetricsPage } from './operations/MetricsPage';
import { UsersAdminPage } from './UsersAdminPage';

/** The /admin area (ROLE_ADMIN), loaded on demand (§2.2). Paths are relative to /admin. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="user-management" replace />} />
        <Route path="user-management" element={<UsersAdminPage />} />
        <Route path="device-profiles" element={<DeviceProfilesPage />} />
        <Route path="device-profiles/:id" element={<DeviceProfilePage />} />
        <Route path="health" element={<HealthPage />} />
        <Route path="metrics" element={<MetricsPage />} />
        <Route path="configuration" element={<ConfigurationPage />} />
        <Route path="audits" element={<AuditsPage />} />
        <Route path="logs" element={<LoggersPage />} />
        <Route path="diagnostics" element={<DiagnosticsPage />} />
        <Route path="docs" element={<ApiDocsPage />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
