import type { AlertAttribute, TemplateCreate, TemplateUpdate, VehicleTemplate } from '@evfleet/domain';
import { useQuery } from '@tanstack/react-query';
import { entityApi } from '../../../api/entity-api';
import { uploadSheet } from '../../../components/thresholds/sheet-upload';

const templates = entityApi<VehicleTemplate, TemplateCreate | TemplateUpdate>({
  key: 'vehicle-templates',
  path: 'api/vehicle-templates',
  search: { path: 'api/vehicle-templates/search/', param: 'name' },
  // The vehicle screens show template names, so a template change makes them stale too.
  shownIn: ['vehicles'],
  // Both of the dialog's Yes choices force the delete (§4).
  deleteQuery: () => ({ delete: true }),
});

/** GET api/vehicle-templates?pageSize&pageNo and api/vehicle-templates/search/?name (§7). */
export const templatesSource = templates.source;

/** GET api/vehicle-templates/{id}; null id: nothing to load. */
export const useTemplate = templates.useRecord;

/**
 * The template as it is now, never from the cache: the delete dialog's choice of words depends on
 * whether vehicles use it, which changes behind the screen's back (a vehicle saved elsewhere).
 */
export function useFreshTemplate(id: number | null) {
  const query = templates.recordQuery(id);
  return useQuery({ ...query, queryKey: [...query.queryKey, 'now'], staleTime: 0, gcTime: 0 });
}

/** POST api/vehicle-templates (name, description, fileId) or PUT with the whole template (§7). */
export const useSaveTemplate = templates.useSave;

/** PUT api/vehicle-templates/{id}/attributes/{metric}: 'Update This Signal Only' saves that metric alone. */
export const useSaveTemplateMetric = (id: number) =>
  templates.useSavePart(id, (attribute: AlertAttribute) => `attributes/${attribute.name}`);

/** DELETE api/vehicle-templates/{id}?delete=true. */
export const useDeleteTemplate = templates.useDelete;

/** POST api/vehicle-templates/upload/{id}: the sheet's thresholds become the template's. */
export function useUploadTemplateSheet(id: number) {
  const invalidate = templates.useInvalidate();
  return async (file: File) => {
    const result = await uploadSheet(`api/vehicle-templates/upload/${id}`, file);
    await invalidate();
    return result;
  };
}
