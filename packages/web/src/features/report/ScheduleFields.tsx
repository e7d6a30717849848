import { WEEKDAYS, type ReportScheduleWrite, type reportScheduleWriteSchema } from '@evfleet/domain';
import { Group, Input, NativeSelect, SegmentedControl, TagsInput } from '@mantine/core';
import { Controller, useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDomainText } from '../../i18n/useDomainText';
import { HOURS, weekdayName } from './schedule-text';

export type ScheduleInput = z.input<typeof reportScheduleWriteSchema>;
export type ScheduleForm = UseFormReturn<ScheduleInput, unknown, ReportScheduleWrite>;

/** The schedule's inputs: daily or weekly, the weekday of a weekly one, the hour and the recipients. */
export function ScheduleFields({ form }: { form: ScheduleForm }) {
  const { t } = useTranslation('report');
  const domainText = useDomainText();
  const period = useWatch({ control: form.control, name: 'period' });
  const errors = form.formState.errors;
  return (
    <>
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
          <NumberSelect
            control={form.control}
            name="weekday"
            label={t('schedule.day')}
            data={WEEKDAYS.map((_, day) => ({ value: String(day), label: weekdayName(day, t) }))}
            testId="schedule-weekday"
          />
        )}
        <NumberSelect
          control={form.control}
          name="hour"
          label={t('schedule.hour')}
          data={HOURS}
          testId="schedule-hour"
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
    </>
  );
}

interface NumberSelectProps {
  control: ScheduleForm['control'];
  name: 'weekday' | 'hour';
  label: string;
  data: { value: string; label: string }[];
  testId: string;
}

/** A drop-down of the schedule whose choice is a number (a weekday, an hour). */
function NumberSelect({ control, name, label, data, testId }: NumberSelectProps) {
  const domainText = useDomainText();
  const { field, fieldState } = useController({ control, name });
  return (
    <NativeSelect
      label={label}
      data={data}
      value={String(field.value ?? '')}
      onChange={(event) => field.onChange(Number(event.currentTarget.value))}
      error={domainText(fieldState.error?.message)}
      data-testid={testId}
    />
  );
}
