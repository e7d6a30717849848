import { DEFAULT_LANG_KEY } from '@evfleet/domain';

/** The languages the portal speaks, each named in itself (a person looks for their own). */
export const LANGUAGES = [
  { key: 'en', name: 'English' },
  { key: 'de', name: 'Deutsch' },
] as const;

export type Language = (typeof LANGUAGES)[number]['key'];

const STORAGE_KEY = 'evfleet.language';

export function isLanguage(langKey: string): langKey is Language {
  return LANGUAGES.some((language) => language.key === langKey);
}

/** An account's langKey as a language the portal speaks: a stored langKey is free text. */
export function languageOf(langKey: string | null | undefined): Language {
  return langKey && isLanguage(langKey) ? langKey : (DEFAULT_LANG_KEY as Language);
}

/** The language of the last account signed in here: the sign-in page speaks it too. */
export function rememberedLanguage(): Language {
  try {
    return languageOf(localStorage.getItem(STORAGE_KEY));
  } catch {
    return languageOf(null);
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the next visit starts in English.
  }
}
