import dayjs from 'dayjs';
import 'dayjs/locale/de';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/**
 * 'a few seconds ago', '3 hours ago' (in the portal's language), measured against the server's
 * clock (its current GMT time, sent with the data) so a browser with a wrong clock still reads
 * right (§2); null when never reported.
 */
export function sinceServerTime(iso: string | null | undefined, serverNow: string, language: string): string | null {
  return iso ? dayjs(iso).locale(language).from(dayjs(serverNow)) : null;
}
