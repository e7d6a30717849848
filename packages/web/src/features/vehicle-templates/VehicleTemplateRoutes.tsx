import { Route, Routes } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { RequireCan } from '../../session/RequireCan';
import { TemplateDeleteDialog } from './TemplateDeleteDialog';
import { TemplateDetailPage } from './TemplateDetailPage';
import { EditTemplateRoute, NewTemplateRoute } from './TemplateFormRoutes';
import { TemplatesPage } from './TemplatesPage';

/** /vehicle-template/* (part 2 §2), loaded on demand. New, edit and delete open over the list. */
export default function VehicleTemplateRoutes() {
  return (
    <Routes>
      <Route element={<TemplatesPage />}>
        <Route index element={null} />
        <Route
          path="new"
          element={
            <RequireCan what="templates">
              <NewTemplateRoute />
            </RequireCan>
          }
        />
        <Route
          path=":id/edit"
          element={
            <RequireCan what="templates">
              <EditTemplateRoute />
            </RequireCan>
          }
        />
        <Route
          path=":id/delete"
          element={
            <RequireCan what="templates">
              <TemplateDeleteDialog />
            </RequireCan>
          }
        />
      </Route>
      <Route path=":id" element={<TemplateDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
