import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { en as app } from '../app/locales/en';
import { loadCatalogue } from './catalogue-files';
import { en, type MessageKey } from './en';
import { LANGUAGES, languageOf, rememberedLanguage, rememberLanguage } from './languages';

/**
 * The portal's one i18n library (react-i18next). Each part of the portal keeps its texts in its own
 * namespace beside its code (`features/vehicles/locales/en.ts` is the namespace 'vehicles'), loaded
 * with the part's code. English messages and the shell ship with the first page; every other
 * catalogue, and every German one, loads when first needed, so the login page carries only these.
 * Keys are flat ('error.http.403' is one key), the server's message keys used as they come.
 */
void i18next
  .use(initReactI18next)
  .use(resourcesToBackend(loadCatalogue))
  .init({
    lng: rememberedLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((language) => language.key),
    ns: ['translation', 'app'],
    defaultNS: 'translation',
    resources: { en: { translation: en, app } },
    // The English bundled above is there already; the rest comes from the backend.
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; the catalogue's texts are plain text.
    interpolation: { escapeValue: false },
    // In English the bundled resources suffice for the first render.
    initAsync: false,
  });
// An entity's name inside an English sentence ('New vehicle'); German keeps its nouns' capitals.
i18next.services.formatter?.add('lowercase', (value: string, language) => value.toLocaleLowerCase(language));

/** The page's `lang` names the language spoken (screen readers pronounce by it). */
export function followLanguageInDocument(): void {
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}

/**
 * Switches the portal to an account's langKey (an unknown one is English), loading the catalogues
 * in use first; the sign-in page of this browser speaks it from then on.
 */
export async function changeLanguage(langKey: string | null | undefined): Promise<void> {
  const language = languageOf(langKey);
  rememberLanguage(language);
  if (i18next.resolvedLanguage === language) return;
  await i18next.changeLanguage(language);
}

/** A message in the current language, for code outside React (toasts). */
export function translate(key: MessageKey, values?: Record<string, string>): string {
  return i18next.t(key, values);
}
