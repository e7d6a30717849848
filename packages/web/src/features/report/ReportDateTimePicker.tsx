import dayjs from 'dayjs';
import { DateTimeField } from '../../components/DateTimeField';

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

/** A start or end picker of the report page (§2): the criteria carry instants, and no future day is offered. */
export function ReportDateTimePicker({ value, onChange, ...field }: ReportDateTimePickerProps) {
  return (
    <DateTimeField
      {...field}
      value={value ? new Date(value) : null}
      onChange={(picked) => onChange(picked ? picked.toISOString() : null)}
      maxDate={dayjs().endOf('day').toDate()}
    />
  );
}
