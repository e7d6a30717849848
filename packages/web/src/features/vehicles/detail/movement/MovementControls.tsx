import '@mantine/dates/styles.css';
import { Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMovingDates, useTimeSlots } from '../api/vehicle-detail-api';
import { calendarDay } from '../../../../components/period/day-range';

/** §5, §9: the detail page's dates reach back 90 days through today. */
export const DATE_WINDOW_DAYS = 90;

/**
 * A day the vehicle moved stands out from the greyed-out rest, in the scheme's blue for text (shade 7
 * read at 4.2:1 on white, under the 4.5 text needs).
 */
const MOVING_DAY = { fontWeight: 700, color: 'var(--mantine-color-blue-text)' };

export interface MovementChoice {
  /** YYYY-MM-DD, or null for none. */
  date: string | null;
  /** The 1-based number of the day's range, as the route call takes it, or null. */
  slot: string | null;
}

interface MovementControlsProps {
  vehicleId: number;
  choice: MovementChoice;
  onChange: (choice: MovementChoice) => void;
  /** A route is on the map: 'Clear' has something to clear. */
  hasRoute: boolean;
}

/** 'Select Date', 'Select movement history' and 'Clear' (part 2 §2, §4). */
export function MovementControls({ vehicleId, choice, onChange, hasRoute }: MovementControlsProps) {
  const { t } = useTranslation('vehicles');
  const moving = useMovingDates(vehicleId);
  const slots = useTimeSlots(vehicleId, choice.date);
  const movingDays = useMemo(() => new Set(moving.data ?? []), [moving.data]);
  const today = dayjs();
  const options = (slots.data ?? []).map((range, i) => ({ value: String(i + 1), label: `${range} - ${i + 1}` }));

  return (
    <Group align="flex-end" gap="sm" data-testid="movement-controls">
      <DatePickerInput
        label={t('movement.date')}
        placeholder={t('movement.date')}
        clearable
        valueFormat="DD/MM/YYYY"
        minDate={calendarDay(today.subtract(DATE_WINDOW_DAYS, 'day'))}
        maxDate={calendarDay(today)}
        // §2: only the days the vehicle moved can be picked.
        excludeDate={(day) => !movingDays.has(day)}
        getDayProps={(day) => (movingDays.has(day) ? { style: MOVING_DAY, 'data-moving': true } : {})}
        highlightToday
        value={choice.date}
        onChange={(date) => onChange({ date, slot: null })}
        w={180}
        data-testid="select-date"
        popoverProps={{ withinPortal: true, shadow: 'md' }}
      />
      <Select
        label={t('movement.range')}
        placeholder={choice.date && slots.isFetching ? t('movement.loading') : t('movement.range')}
        data={options}
        value={choice.slot}
        onChange={(slot) => onChange({ ...choice, slot })}
        disabled={!choice.date || options.length === 0}
        nothingFoundMessage={t('movement.noneThisDay')}
        w={260}
        data-testid="select-range"
      />
      <Tooltip label={t('movement.clearTip')}>
        <Button
          variant="default"
          onClick={() => onChange({ date: null, slot: null })}
          disabled={!hasRoute}
          data-testid="clear-range"
        >
          {t('movement.clear')}
        </Button>
      </Tooltip>
      {/* Said plainly, else a calendar of greyed-out days looks broken. */}
      {moving.data?.length === 0 && (
        <Text size="sm" c="dimmed" pb={8}>
          {t('movement.noneLately', { days: DATE_WINDOW_DAYS })}
        </Text>
      )}
    </Group>
  );
}
