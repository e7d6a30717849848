import { useOutletContext } from 'react-router';
import { NotFound } from '../../routing/StatusPages';
import { useIdParam } from '../../routing/useIdParam';
import { useTemplate } from './api/templates-api';
import { TemplateModal } from './TemplateModal';
import type { TemplatesOutletContext } from './TemplatesPage';

/** /vehicle-template/new: the 'Add Vehicle Configuration Template' modal over the list. */
export function NewTemplateRoute() {
  const { onChanged, close } = useOutletContext<TemplatesOutletContext>();
  return <TemplateModal opened template={null} onClose={close} onSaved={onChanged} />;
}

/** /vehicle-template/{id}/edit: the same modal with the template's name, description and image. */
export function EditTemplateRoute() {
  const id = useIdParam();
  const { onChanged, close } = useOutletContext<TemplatesOutletContext>();
  const template = useTemplate(id);
  if (id === null || template.isError) return <NotFound />;
  return (
    <TemplateModal
      opened
      loading={template.isPending}
      template={template.data ?? null}
      onClose={close}
      onSaved={onChanged}
    />
  );
}
