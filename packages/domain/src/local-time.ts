const MINUTE_MS = 60_000;
/** Every time zone's offset changes only at a quarter hour of UTC: one offset lookup per quarter. */
const QUARTER_MS = 15 * MINUTE_MS;

/** Quarters remembered per time zone before they are forgotten: a few days' worth. */
const MAX_QUARTERS = 1000;
const byZone = new Map<string, (ts: number) => number>();

/**
 * The local minute of the day (0 to 1439) of UTC moments in one time zone, looked up with `Intl`
 * once a quarter hour and remembered: a zone's tariff and evening are read this way for every
 * interval of a charge and every reading in a depot.
 */
export function localMinuteOfDay(timeZone: string): (ts: number) => number {
  let minuteOf = byZone.get(timeZone);
  if (!minuteOf) byZone.set(timeZone, (minuteOf = minutesIn(timeZone)));
  return minuteOf;
}

function minutesIn(timeZone: string): (ts: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
  const quarters = new Map<number, number>();
  return (ts) => {
    const quarter = Math.floor(ts / QUARTER_MS);
    let start = quarters.get(quarter);
    if (start === undefined) {
      if (quarters.size >= MAX_QUARTERS) quarters.clear();
      const parts = format.formatToParts(quarter * QUARTER_MS);
      const part = (type: string) => Number(parts.find((x) => x.type === type)?.value ?? 0);
      start = part('hour') * 60 + part('minute');
      quarters.set(quarter, start);
    }
    return (start + Math.floor((ts - quarter * QUARTER_MS) / MINUTE_MS)) % 1440;
  };
}
