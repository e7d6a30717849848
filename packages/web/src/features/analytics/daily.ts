import type { FleetDay } from '@evfleet/domain';
import dayjs from 'dayjs';
import type { DayPeriod } from './period';

/** One bar of the charging chart. */
export interface ChargingDay {
  day: string;
  energyChargedKwh: number;
}

/**
 * Every day of the period, in order, with the energy charged on it: the server names only the days
 * with figures, and a chart of those alone would stretch one day across the whole period.
 */
export function chargingDays(days: readonly FleetDay[], period: DayPeriod): ChargingDay[] {
  const charged = new Map(days.map((day) => [day.day, day.energyChargedKwh]));
  const last = dayjs(period.to);
  const all: ChargingDay[] = [];
  for (let day = dayjs(period.from); !day.isAfter(last); day = day.add(1, 'day')) {
    const key = day.format('YYYY-MM-DD');
    all.push({ day: key, energyChargedKwh: charged.get(key) ?? 0 });
  }
  return all;
}
