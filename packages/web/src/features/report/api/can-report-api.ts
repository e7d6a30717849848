import {
  type CanReportFilterInput,
  type CanReportResult,
  type SavedTemplate,
  type SaveTemplate,
  type SignalSettings,
  type TemplateResult,
  type VehicleOption,
} from '@evfleet/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { saveSpreadsheet } from './save-file';

/** Every query of the report area starts with this key, so Back can drop the results at once. */
export const CAN_REPORT = 'canreport';
const TEMPLATES = [CAN_REPORT, 'templates'] as const;

/** GET api/canreport/vehicles: the vehicles the caller may report on, by friendly name (§2). */
export function useReportVehicles() {
  return useQuery({
    queryKey: [CAN_REPORT, 'vehicles'],
    queryFn: async ({ signal }) => {
      const vehicles = (await http.get<VehicleOption[]>('api/canreport/vehicles', { signal })).data ?? [];
      return [...vehicles].sort((a, b) => a.friendlyName.localeCompare(b.friendlyName));
    },
  });
}

/** GET api/canreport/signals: signal key → label, in report order; with a vehicle, also the unknown signals it reported. */
export function useReportSignals(vehicleId: number | null | undefined) {
  return useQuery({
    queryKey: [CAN_REPORT, 'signals', vehicleId ?? null],
    queryFn: async ({ signal }) =>
      (await http.get<SignalSettings>('api/canreport/signals', { query: { vehicleId }, signal })).data ?? {},
    placeholderData: keepPreviousData,
  });
}

/** GET api/canreport/getAllTemplate: the caller's saved templates. */
export function useSavedTemplates() {
  return useQuery({
    queryKey: TEMPLATES,
    queryFn: async ({ signal }) =>
      (await http.get<SavedTemplate[]>('api/canreport/getAllTemplate', { signal })).data ?? [],
  });
}

/** POST api/canreport/getListCanHistory: one page of the report, sorted and paged on the server. */
export function useCanHistory(filter: CanReportFilterInput | null) {
  return useQuery({
    queryKey: [CAN_REPORT, 'history', filter],
    queryFn: async ({ signal }) =>
      (await http.post<CanReportResult>('api/canreport/getListCanHistory', filter, { signal })).data,
    enabled: filter !== null,
    // The grid keeps the page it shows (under the loading overlay) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET api/canreport/getTemplate/{id}?pageSize&pageNo: one page of a saved template's report. */
export function useTemplateReport(id: number | null, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: [CAN_REPORT, 'template', id, pageNo, pageSize],
    queryFn: async ({ signal }) =>
      (await http.get<TemplateResult>(`api/canreport/getTemplate/${id}`, { query: { pageSize, pageNo }, signal })).data,
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST api/canreport/saveTemplate; a duplicate name is refused by the server with its message. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (template: SaveTemplate) =>
      (await http.post<SavedTemplate>('api/canreport/saveTemplate', template)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES }),
  });
}

/** POST api/canreport/downloadExcel as a file the user saves (§4 export flow). */
export function exportReport(filter: CanReportFilterInput, fileName: string): Promise<void> {
  return saveSpreadsheet(
    fileName,
    async () =>
      (await http.post<Blob>('api/canreport/downloadExcel', filter, { responseType: 'blob', silent: true })).data,
  );
}
