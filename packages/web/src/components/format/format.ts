import type { DateStyle, HourCycle } from '@evfleet/domain';
import { createDates } from './dates';
import { createFigures } from './figures';

/** Whose conventions the portal writes in: the account's language, their clock and their date order. */
export interface FormatSettings {
  /** A BCP 47 language tag, the account's langKey ('en', 'de'); an unknown one falls back to English. */
  language: string;
  hourCycle: HourCycle;
  /** The specification's date patterns (the default) or the language's order. */
  dateStyle?: DateStyle;
  /** The zone times are told in; the browser's when absent. */
  timeZone?: string;
}

/** A language Intl knows, or English: a stored langKey is free text. */
function supportedLanguage(language: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 ? language : 'en';
  } catch {
    return 'en';
  }
}

/** The one place dates, times, numbers and units are written (Intl, in the user's language and clock). */
export function createFormat({ language, hourCycle, dateStyle = 'specification', timeZone }: FormatSettings) {
  const locale = supportedLanguage(language);
  return {
    locale,
    hourCycle,
    dateStyle,
    ...createDates({ locale, hourCycle, dateStyle, timeZone }),
    ...createFigures(locale),
  };
}
export type Format = ReturnType<typeof createFormat>;

/** Before the account is known (the sign-in pages): English, 24-hour, the specification's dates. */
export const DEFAULT_FORMAT_SETTINGS = {
  language: 'en',
  hourCycle: '24h',
  dateStyle: 'specification',
} as const satisfies FormatSettings;
