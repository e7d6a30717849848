import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A text the domain package wrote in English (a validation message, a signal's name) in the current
 * language: its German where `domain/de.ts` has one, else as written. Outside React (a failed call's
 * toast) the domain's catalogue is read as far as it is loaded: a screen that shows such texts has
 * loaded it through `useDomainText`.
 */
export function domainTextNow<Text extends string | undefined>(text: Text): Text | string {
  if (text === undefined) return text;
  const translated: unknown = i18next.getResource(i18next.resolvedLanguage ?? 'en', 'domain', text);
  return typeof translated === 'string' ? translated : text;
}

export function useDomainText(): <Text extends string | undefined>(text: Text) => Text | string {
  // Subscribes to the language and loads the domain's catalogue in it.
  useTranslation('domain');
  return domainTextNow;
}
