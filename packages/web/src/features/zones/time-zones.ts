/**
 * The IANA time zones the browser knows, UTC first: the same list the domain's isTimeZone accepts
 * (Chromium leaves UTC itself out of supportedValuesOf).
 */
export const TIME_ZONES: readonly string[] = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
];
