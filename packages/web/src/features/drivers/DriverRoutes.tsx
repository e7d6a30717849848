import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { RequireCan } from '../../session/RequireCan';
import { DriverDeleteDialog } from './DriverDeleteDialog';
import { DriverDetailPage } from './DriverDetailPage';
import { DriverModal } from './DriverModal';
import { DriversPage } from './DriversPage';

/** /driver/* (§2.4), loaded on demand. The form and delete routes are dialogs over the list. */
export default function DriverRoutes() {
  return (
    <Routes>
      <Route element={<DriversPage />}>
        <Route index element={null} />
        <Route
          path="new"
          element={
            <RequireCan what="drivers">
              <DriverModal />
            </RequireCan>
          }
        />
        <Route
          path=":id/edit"
          element={
            <RequireCan what="drivers">
              <DriverModal />
            </RequireCan>
          }
        />
        <Route
          path=":id/delete"
          element={
            <RequireCan what="drivers">
              <DriverDeleteDialog />
            </RequireCan>
          }
        />
      </Route>
      <Route path=":id" element={<DriverDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
