import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '@evfleet/domain';
import dayjs from 'dayjs';

/** The page's period as calendar days ('YYYY-MM-DD'), both included: UTC days, as the server keeps its figures. */
export interface DayPeriod {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = 'YYYY-MM-DD';

const isDay = (text: string | null): text is string => text !== null && DAY.test(text) && dayjs(text).isValid();

/** Today's UTC day, as a date of its own (for day arithmetic). */
export const utcToday = () => dayjs(new Date().toISOString().slice(0, 10));

/** The last ANALYTICS_DEFAULT_DAYS days through `today`, as the server takes a call without a period. */
export function defaultPeriod(today: dayjs.Dayjs = utcToday()): DayPeriod {
  return { from: today.subtract(ANALYTICS_DEFAULT_DAYS - 1, 'day').format(FORMAT), to: today.format(FORMAT) };
}

/**
 * The period a link or a reload names in `?from=YYYY-MM-DD&to=YYYY-MM-DD`; the default when either
 * is missing or unreadable, when they are the wrong way round, or when the server would refuse its length.
 */
export function periodFromSearch(params: URLSearchParams, today: dayjs.Dayjs = utcToday()): DayPeriod {
  const from = params.get('from');
  const to = params.get('to');
  if (!isDay(from) || !isDay(to)) return defaultPeriod(today);
  const days = dayjs(to).diff(dayjs(from), 'day') + 1;
  if (days < 1 || days > ANALYTICS_MAX_DAYS) return defaultPeriod(today);
  return { from, to };
}

/**
 * The instants the analytics calls take: from the first moment of the first UTC day to the last of
 * the last, so that the server's whole-day figures cover exactly the days picked.
 */
export function periodQuery(period: DayPeriod): { from: string; to: string } {
  return { from: `${period.from}T00:00:00.000Z`, to: `${period.to}T23:59:59.999Z` };
}
