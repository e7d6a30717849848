import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from './format/useFormat';

interface DateTimeFieldProps {
  label: string;
  description?: string;
  placeholder?: string;
  error?: string;
  withAsterisk?: boolean;
  value: Date | null;
  onChange: (value: Date | null) => void;
  onBlur?: () => void;
  /** The time a newly picked day starts with ('HH:mm'). */
  defaultTime?: string;
  /** The last day offered (a report looks back, it cannot read the future). */
  maxDate?: Date;
  withSeconds?: boolean;
  testId: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A moment chosen on a calendar and typed on the user's clock (12 or 24 hours, their preference,
 * not the browser's), the day written YYYY/MM/DD as §9 has it. Every date-time input is this one.
 */
export function DateTimeField({
  value,
  onChange,
  defaultTime,
  withSeconds = false,
  testId,
  ...field
}: DateTimeFieldProps) {
  const { t } = useTranslation('components');
  const format = useFormat();
  return (
    <DateTimePicker
      {...field}
      valueFormat={format.pickerPattern(withSeconds)}
      value={value}
      // The picker answers in local wall time ('YYYY-MM-DD HH:mm:ss').
      onChange={(picked) => onChange(picked ? dayjs(picked).toDate() : null)}
      clearable
      withSeconds={withSeconds}
      defaultTimeValue={defaultTime}
      data-testid={testId}
      submitButtonProps={{ 'aria-label': t('dateTime.confirm', { label: field.label }) }}
      clearButtonProps={{ 'aria-label': t('dateTime.clear', { label: field.label }) }}
      ariaLabels={{
        previousMonth: t('dateTime.previousMonth'),
        nextMonth: t('dateTime.nextMonth'),
        previousYear: t('dateTime.previousYear'),
        nextYear: t('dateTime.nextYear'),
        previousDecade: t('dateTime.previousDecade'),
        nextDecade: t('dateTime.nextDecade'),
      }}
      timePickerProps={{
        hoursInputLabel: t('dateTime.hours'),
        minutesInputLabel: t('dateTime.minutes'),
        secondsInputLabel: t('dateTime.seconds'),
        format: format.hourCycle === '12h' ? '12h' : '24h',
      }}
    />
  );
}
