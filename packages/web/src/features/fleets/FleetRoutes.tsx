import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { RequireCan } from '../../session/RequireCan';
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
            <RequireCan what="fleets">
              <FleetDeleteDialog />
            </RequireCan>
          }
        />
      </Route>
      <Route path=":id" element={<FleetDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
