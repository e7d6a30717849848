import { reportScheduleWriteSchema, type ReportSchedule, type ReportScheduleWrite } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { toast } from '../../notify/toast';
import { useChangeSchedule, useTemplateSchedule } from './api/schedule-api';
import { statusText } from './schedule-text';
import { ScheduleFields, type ScheduleForm, type ScheduleInput } from './ScheduleFields';

const defaultsOf = (schedule: ReportSchedule | null): ScheduleInput =>
  schedule
    ? { period: schedule.period, weekday: schedule.weekday, hour: schedule.hour, recipients: schedule.recipients }
    : { period: 'DAILY', weekday: 1, hour: 6, recipients: [] };

/**
 * Beyond the spec: the saved template mailed as an xlsx, daily (the previous day) or
 * weekly (the previous seven days), at an hour of the vehicle's time zone.
 */
export function TemplateSchedule({ templateId }: { templateId: number }) {
  const schedule = useTemplateSchedule(templateId);
  if (schedule.isPending || schedule.isError) return null;
  // Keyed by the saved schedule, so the form starts again from what the server holds.
  return <ScheduleCard key={schedule.data?.nextRunAt ?? 'none'} templateId={templateId} schedule={schedule.data} />;
}

function ScheduleCard({ templateId, schedule }: { templateId: number; schedule: ReportSchedule | null }) {
  const { t } = useTranslation('report');
  const { save, remove } = useChangeSchedule(templateId);
  const form: ScheduleForm = useForm<ScheduleInput, unknown, ReportScheduleWrite>({
    resolver: zodResolver(reportScheduleWriteSchema),
    defaultValues: defaultsOf(schedule),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('schedule.saved'));
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });
  const unschedule = async () => {
    await remove.mutateAsync();
    toast.success(t('schedule.removed'));
  };

  return (
    <Card withBorder padding="lg" data-testid="template-schedule">
      <Title order={4}>{t('schedule.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm" data-testid="schedule-status">
        {statusText(schedule, t)}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ScheduleFields form={form} />
          <Group justify="flex-end">
            {schedule && (
              <Button
                variant="default"
                color="red"
                onClick={unschedule}
                loading={remove.isPending}
                data-testid="schedule-remove"
              >
                {t('schedule.remove')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending} data-testid="schedule-save">
              {t('schedule.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
