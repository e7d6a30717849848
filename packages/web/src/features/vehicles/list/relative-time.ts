import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** What a time the vehicle never reported shows. */
export const NA = 'NA';

/**
 * 'a few seconds ago', '3 hours ago', measured against the server's clock (its current GMT time,
 * sent with the data) so a browser with a wrong clock still reads right (§2); NA when never reported.
 */
export function sinceServerTime(iso: string | null | undefined, serverNow: string): string {
  return iso ? dayjs(iso).from(dayjs(serverNow)) : NA;
}
