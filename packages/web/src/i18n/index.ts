import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type MessageKey } from './en';

/**
 * The portal's one i18n library (react-i18next). English ships with the first page; another
 * language's catalogue loads when it is chosen, so the login page carries only English.
 * Keys are flat ('error.http.403' is one key), the server's message keys used as they come.
 */
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'de'],
  resources: { en: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; the catalogue's texts are plain text.
  interpolation: { escapeValue: false },
  // The English resources are here already: ready before the first render.
  initAsync: false,
});

const LOADERS: Partial<Record<string, () => Promise<Record<MessageKey, string>>>> = {
  de: async () => (await import('./de')).de,
};

/** Switches the portal's language (an account's langKey), loading its catalogue first; unknown ones stay English. */
export async function changeLanguage(langKey: string): Promise<void> {
  const load = LOADERS[langKey];
  if (load && !i18next.hasResourceBundle(langKey, 'translation')) {
    i18next.addResourceBundle(langKey, 'translation', await load());
  }
  await i18next.changeLanguage(load || langKey === 'en' ? langKey : 'en');
}

/** A catalogue text in the current language. */
export function translate(key: MessageKey, values?: Record<string, string>): string {
  return i18next.t(key, values);
}
