/** Milliseconds a time zone is ahead of UTC at an instant. */
export function zoneOffset(ts: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ts);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) -
    Math.floor(ts / 1000) * 1000
  );
}

/** The UTC instants a local calendar day 'YYYY-MM-DD' spans in a time zone (23 to 25 hours). */
export function localDayRange(date: string, timeZone: string): { from: number; to: number } {
  const [y, m, d] = date.split('-').map(Number);
  const startOf = (day: number) => {
    const guess = Date.UTC(y, m - 1, day);
    const first = guess - zoneOffset(guess, timeZone);
    return guess - zoneOffset(first, timeZone);
  };
  return { from: startOf(d), to: startOf(d + 1) - 1 };
}
