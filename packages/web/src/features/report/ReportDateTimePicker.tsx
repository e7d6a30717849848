import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format/useFormat';

interface ReportDateTimePickerProps {
  label: string;
  placeholder: string;
  /** An ISO instant, or null when nothing is chosen. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The time a newly picked day starts with ('HH:mm'): the start of a day for Start, its end for End. */
  defaultTime: string;
  testId: string;
}

/** A start or end picker of the report page (§2): YYYY/MM/DD and the user's clock, future days disabled. */
export function ReportDateTimePicker({
  label,
  placeholder,
  value,
  onChange,
  defaultTime,
  testId,
}: ReportDateTimePickerProps) {
  const { t } = useTranslation('report');
  const format = useFormat();
  return (
    <DateTimePicker
      label={label}
      placeholder={placeholder}
      valueFormat={format.pickerPattern}
      value={value ? new Date(value) : null}
      // The picker answers in local wall time ('YYYY-MM-DD HH:mm:ss'); the criteria carry instants.
      onChange={(picked) => onChange(picked ? dayjs(picked).toISOString() : null)}
      maxDate={dayjs().endOf('day').toDate()}
      clearable
      defaultTimeValue={defaultTime}
      data-testid={testId}
      submitButtonProps={{ 'aria-label': t('picker.confirm', { label }) }}
      ariaLabels={{ previousMonth: t('picker.previousMonth'), nextMonth: t('picker.nextMonth') }}
      timePickerProps={{
        hoursInputLabel: t('picker.hours'),
        minutesInputLabel: t('picker.minutes'),
        format: format.hourCycle === '12h' ? '12h' : '24h',
      }}
    />
  );
}
