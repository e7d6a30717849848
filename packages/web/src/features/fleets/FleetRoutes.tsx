import { Route, Routes } from 'react-router';
import { NotFound } from '../../app/shell/StatusPages';
import { RequireWrite } from '../people-shared/RequireWrite';
import { FleetDeleteDialog } from './FleetDeleteDialog';
import { FleetDetailPage } from './FleetDetailPage';
import { FleetsPage } from './FleetsPage';

/** /fleet/* (§2.5), loaded on demand. Add and edit are modals of the list; delete has its own URL. */
export default function FleetRoutes() {
  return (
    <Routes>
      <Route element={<FleetsPage />}>
        <Route index element={null} />
        <Route
          path=":id/delete"
          element={
            <RequireWrite write="fleets">
              <FleetDeleteDialog />
            </RequireWrite>
          }
        />
      </Route>
      <Route path=":id" element={<FleetDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
