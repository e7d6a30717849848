import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { NotAuthorized, NotFound } from '../../app/shell/StatusPages';
import { TemplateDeleteDialog } from './TemplateDeleteDialog';
import { TemplateDetailPage } from './TemplateDetailPage';
import { EditTemplateRoute, NewTemplateRoute } from './TemplateFormRoutes';
import { TemplatesPage } from './TemplatesPage';
import { useTemplateWriter } from './useTemplateWriter';

/** A route that changes templates: refused up front to those the server would refuse. */
function WritersOnly({ children }: { children: ReactNode }) {
  return useTemplateWriter() ? children : <NotAuthorized />;
}

/** /vehicle-template/* (part 2 §2), loaded on demand. New, edit and delete open over the list. */
export default function VehicleTemplateRoutes() {
  return (
    <Routes>
      <Route element={<TemplatesPage />}>
        <Route index element={null} />
        <Route
          path="new"
          element={
            <WritersOnly>
              <NewTemplateRoute />
            </WritersOnly>
          }
        />
        <Route
          path=":id/edit"
          element={
            <WritersOnly>
              <EditTemplateRoute />
            </WritersOnly>
          }
        />
        <Route
          path=":id/delete"
          element={
            <WritersOnly>
              <TemplateDeleteDialog />
            </WritersOnly>
          }
        />
      </Route>
      <Route path=":id" element={<TemplateDetailPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
