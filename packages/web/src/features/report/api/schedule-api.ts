import { type ReportSchedule, type ReportScheduleWrite } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { CAN_REPORT } from './can-report-api';

const schedulePath = (templateId: number) => `api/canreport/templates/${templateId}/schedule`;
const scheduleKey = (templateId: number) => [CAN_REPORT, 'schedule', templateId];

/** GET the template's schedule; null when it has none. Silent: the page works without it, so a failure only hides the schedule card. */
export function useTemplateSchedule(templateId: number) {
  return useQuery({
    queryKey: scheduleKey(templateId),
    queryFn: async ({ signal }) =>
      (await http.get<ReportSchedule | null>(schedulePath(templateId), { signal, silent: true })).data,
  });
}

/** PUT (set) or DELETE (remove) the template's schedule. */
export function useChangeSchedule(templateId: number) {
  const client = useQueryClient();
  const done = (schedule: ReportSchedule | null) => client.setQueryData(scheduleKey(templateId), schedule);
  return {
    save: useMutation({
      mutationFn: async (schedule: ReportScheduleWrite) =>
        (await http.put<ReportSchedule>(schedulePath(templateId), schedule)).data,
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: () => http.delete(schedulePath(templateId)),
      onSuccess: () => done(null),
    }),
  };
}
