import type { AlertAttribute, TemplateCreate, TemplateUpdate, VehicleTemplate } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanPayload } from '../../../api/clean-payload';
import { http } from '../../../api/http';
import type { PagedListSource } from '../../../components/list/paged-list';
import { uploadSheet } from '../../../components/thresholds/sheet-upload';

export const TEMPLATES = 'vehicle-templates';

/** GET api/vehicle-templates?pageSize&pageNo and api/vehicle-templates/search/?name (§7). */
export const templatesSource: PagedListSource = {
  key: TEMPLATES,
  listPath: 'api/vehicle-templates',
  searchPath: 'api/vehicle-templates/search/',
  searchParam: 'name',
};

/** The vehicle screens show template names, so a template change makes them stale too. */
function useInvalidateTemplates() {
  const client = useQueryClient();
  return () => Promise.all([[TEMPLATES], ['vehicles']].map((queryKey) => client.invalidateQueries({ queryKey })));
}

const fetchTemplate = async (id: number | null, signal: AbortSignal) =>
  (await http.get<VehicleTemplate>(`api/vehicle-templates/${id}`, { signal })).data;

/** GET api/vehicle-templates/{id}; null id: nothing to load. */
export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: [TEMPLATES, id],
    queryFn: ({ signal }) => fetchTemplate(id, signal),
    enabled: id !== null,
  });
}

/**
 * The template as it is now, never from the cache: the delete dialog's choice of words depends on
 * whether vehicles use it, which changes behind the screen's back (a vehicle saved elsewhere).
 */
export function useFreshTemplate(id: number | null) {
  return useQuery({
    queryKey: [TEMPLATES, id, 'now'],
    queryFn: ({ signal }) => fetchTemplate(id, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST api/vehicle-templates (name, description, fileId) or PUT with the whole template (§7). */
export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async (template: TemplateCreate | TemplateUpdate) => {
      const payload = cleanPayload(template);
      return (
        await ('id' in template && template.id
          ? http.put<VehicleTemplate>('api/vehicle-templates', payload)
          : http.post<VehicleTemplate>('api/vehicle-templates', payload))
      ).data;
    },
    onSuccess: invalidate,
  });
}

/** PUT api/vehicle-templates/{id}/attributes/{metric}: 'Update This Signal Only' saves that metric alone. */
export function useSaveTemplateMetric(id: number) {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async (attribute: AlertAttribute) =>
      (await http.put<VehicleTemplate>(`api/vehicle-templates/${id}/attributes/${attribute.name}`, attribute)).data,
    onSuccess: invalidate,
  });
}

/** DELETE api/vehicle-templates/{id}?delete=true: both of the dialog's Yes choices force it (§4). */
export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`api/vehicle-templates/${id}`, { query: { delete: true } }),
    // Everything but the deleted template itself, whose refetch would only answer 404.
    onSuccess: (_, id) =>
      client.invalidateQueries({ queryKey: [TEMPLATES], predicate: (query) => query.queryKey[1] !== id }),
  });
}

/** POST api/vehicle-templates/upload/{id}: the sheet's thresholds become the template's. */
export function useUploadTemplateSheet(id: number) {
  const invalidate = useInvalidateTemplates();
  return async (file: File) => {
    const result = await uploadSheet(`api/vehicle-templates/upload/${id}`, file);
    await invalidate();
    return result;
  };
}
