import type { ReactNode } from 'react';
import { EntityRoutes } from '../../routing/EntityRoutes';
import { RequireCan } from '../../session/RequireCan';
import { TemplateDeleteDialog } from './TemplateDeleteDialog';
import { TemplateDetailPage } from './TemplateDetailPage';
import { EditTemplateRoute, NewTemplateRoute } from './TemplateFormRoutes';
import { TemplatesPage } from './TemplatesPage';

const writersOnly = (page: ReactNode) => <RequireCan what="templates">{page}</RequireCan>;

/** /vehicle-template/* (part 2 §2), loaded on demand. New, edit and delete open over the list. */
export default function VehicleTemplateRoutes() {
  return (
    <EntityRoutes
      list={<TemplatesPage />}
      dialogs={{ new: <NewTemplateRoute />, ':id/edit': <EditTemplateRoute />, ':id/delete': <TemplateDeleteDialog /> }}
      detail={<TemplateDetailPage />}
      writersOnly={writersOnly}
    />
  );
}
