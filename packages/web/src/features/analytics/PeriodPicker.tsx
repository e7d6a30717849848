import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_MAX_DAYS } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { utcToday, type DayPeriod } from './period';

const FORMAT = 'YYYY-MM-DD';

/** Quick choices, each ending today (UTC). */
function presets(today: dayjs.Dayjs, t: TFunction<'analytics'>) {
  return [7, 30, 90, 365].map((days) => ({
    label: t('period.last', { count: days }),
    value: [today.subtract(days - 1, 'day').format(FORMAT), today.format(FORMAT)] as [string, string],
  }));
}

interface PeriodPickerProps {
  period: DayPeriod;
  onChange: (period: DayPeriod) => void;
}

/**
 * The page's period, from one day to another (both included). A first click starts a new period,
 * which takes effect with the second; while it waits, only days the server would accept can be picked.
 */
export function PeriodPicker({ period, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('analytics');
  const [started, setStarted] = useState<string | null>(null);
  const today = utcToday();
  const value: DatesRangeValue<string> = started ? [started, null] : [period.from, period.to];
  const reach = started ? dayjs(started) : null;
  const latest =
    reach && reach.add(ANALYTICS_MAX_DAYS - 1, 'day').isBefore(today)
      ? reach.add(ANALYTICS_MAX_DAYS - 1, 'day')
      : today;

  const picked = ([from, to]: DatesRangeValue<string>) => {
    if (from && to) {
      setStarted(null);
      onChange({ from, to });
    } else setStarted(from);
  };

  return (
    <DatePickerInput
      type="range"
      label={t('period.label')}
      value={value}
      onChange={picked}
      allowSingleDateInRange
      valueFormat="MMM D, YYYY"
      labelSeparator="–"
      maxDate={latest.format(FORMAT)}
      minDate={reach ? reach.subtract(ANALYTICS_MAX_DAYS - 1, 'day').format(FORMAT) : undefined}
      presets={presets(today, t)}
      // A period left half-picked keeps the one in effect.
      popoverProps={{ onClose: () => setStarted(null) }}
      w={260}
      data-testid="analytics-period"
    />
  );
}
