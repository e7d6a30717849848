import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDay, DEFAULT_PERIOD_DAYS, earliestStart, lastDays, periodPresets, type DayRange } from './day-range';

interface DayRangePickerProps {
  onChosen: (range: [string, string]) => void;
  testId: string;
}

/** The period of a page's tables, the last 30 days at first; a half-picked range keeps the tables on the last whole one. */
export function DayRangePicker({ onChosen, testId }: DayRangePickerProps) {
  const { t } = useTranslation('components');
  const [picked, setPicked] = useState<DayRange>(() => lastDays(DEFAULT_PERIOD_DAYS));
  return (
    <DatePickerInput
      type="range"
      label={t('period.label')}
      valueFormat="DD/MM/YYYY"
      presets={periodPresets(t)}
      minDate={earliestStart()}
      maxDate={calendarDay(new Date())}
      value={picked}
      onChange={(value) => {
        setPicked(value);
        if (value[0] && value[1]) onChosen([value[0], value[1]]);
      }}
      w={260}
      data-testid={testId}
      popoverProps={{ withinPortal: true, shadow: 'md' }}
    />
  );
}
