import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { RequireCan } from '../../session/RequireCan';
import { DealerDeleteDialog } from './DealerDeleteDialog';
import { DealerDetailPage } from './DealerDetailPage';
import { DealerModal } from './DealerModal';
import { DealersPage } from './DealersPage';

/** /dealer/* (§2.7), loaded on demand. The form and delete routes are dialogs over the list. */
export default function DealerRoutes() {
  return (
    <Routes>
      <Route element={<DealersPage />}>
        <Route index element={null} />
        <Route
          path="new"
          element={
            <RequireCan what="dealers">
              <DealerModal />
            </RequireCan>
          }
        />
        <Route
          path=":id/edit"
          element={
            <RequireCan what="dealers">
              <DealerModal />
            </RequireCan>
          }
        />
        <Route
          path=":id/delete"
          element={
            <RequireCan what="dealers">
              <DealerDeleteDialog />
            </RequireCan>
          }
        />
      </Route>
      <Route path=":id" element={<DealerDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
