import { reportScheduleWriteSchema, WEEKDAYS, type ReportSchedule } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Group,
  Input,
  NativeSelect,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../../api/field-errors';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { useChangeSchedule, useTemplateSchedule } from './api/schedule-api';

type ScheduleInput = z.input<typeof reportScheduleWriteSchema>;

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** An instant as 'YYYY/MM/DD HH:mm' on the clock of `timeZone` (the schedule's hours are the vehicle's). */
function zonedText(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}/${part('month')}/${part('day')} ${part('hour')}:${part('minute')}`;
}

const weekdayName = (day: number, t: TFunction<'report'>) => t(`weekday.${day % WEEKDAYS.length}` as 'weekday.0');

/** What the card says about the saved schedule. */
function statusText(schedule: ReportSchedule | null, t: TFunction<'report'>): string {
  if (!schedule) return t('schedule.none');
  const values = {
    day: weekdayName(schedule.weekday ?? 0, t),
    hour: HOURS[schedule.hour].label,
    zone: schedule.timeZone,
    recipients: schedule.recipients.join(', '),
    next: zonedText(schedule.nextRunAt, schedule.timeZone),
    last: schedule.lastRunAt ? t('schedule.last', { at: zonedText(schedule.lastRunAt, schedule.timeZone) }) : '',
  };
  return schedule.period === 'DAILY' ? t('schedule.daily.status', values) : t('schedule.weekly.status', values);
}

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
  return <ScheduleForm key={schedule.data?.nextRunAt ?? 'none'} templateId={templateId} schedule={schedule.data} />;
}

function ScheduleForm({ templateId, schedule }: { templateId: number; schedule: ReportSchedule | null }) {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const { save, remove } = useChangeSchedule(templateId);
  const form = useForm<ScheduleInput, unknown, z.output<typeof reportScheduleWriteSchema>>({
    resolver: zodResolver(reportScheduleWriteSchema),
    defaultValues: defaultsOf(schedule),
  });
  const period = useWatch({ control: form.control, name: 'period' });
  const errors = form.formState.errors;

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
          <Group align="flex-end" wrap="wrap">
            <Controller
              control={form.control}
              name="period"
              render={({ field }) => (
                <Input.Wrapper label={t('schedule.period')}>
                  <SegmentedControl
                    display="flex"
                    data={[
                      { value: 'DAILY', label: t('schedule.daily') },
                      { value: 'WEEKLY', label: t('schedule.weekly') },
                    ]}
                    value={field.value}
                    onChange={field.onChange}
                    data-testid="schedule-period"
                  />
                </Input.Wrapper>
              )}
            />
            {period === 'WEEKLY' && (
              <Controller
                control={form.control}
                name="weekday"
                render={({ field }) => (
                  <NativeSelect
                    label={t('schedule.day')}
                    data={WEEKDAYS.map((_, day) => ({ value: String(day), label: weekdayName(day, t) }))}
                    value={String(field.value ?? '')}
                    onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                    error={domainText(errors.weekday?.message)}
                    data-testid="schedule-weekday"
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="hour"
              render={({ field }) => (
                <NativeSelect
                  label={t('schedule.hour')}
                  data={HOURS}
                  value={String(field.value)}
                  onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                  error={domainText(errors.hour?.message)}
                  data-testid="schedule-hour"
                />
              )}
            />
          </Group>
          <Controller
            control={form.control}
            name="recipients"
            render={({ field }) => (
              <TagsInput
                label={t('schedule.recipients')}
                placeholder={t('schedule.recipientsPlaceholder')}
                value={field.value}
                onChange={field.onChange}
                error={domainText(errors.recipients?.message ?? errors.recipients?.find?.((e) => e)?.message)}
                splitChars={[',', ' ', ';']}
                data-testid="schedule-recipients"
              />
            )}
          />
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
