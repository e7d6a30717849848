import { useTranslation } from 'react-i18next';

/**
 * A text the domain package wrote in English (a validation message, a signal's name), in the
 * current language: its German where `domain/de.ts` has one, else as written.
 */
export function useDomainText(): <Text extends string | undefined>(text: Text) => Text | string {
  const { i18n } = useTranslation('domain');
  return (text) => {
    if (text === undefined) return text;
    const translated: unknown = i18n.getResource(i18n.resolvedLanguage ?? 'en', 'domain', text);
    return typeof translated === 'string' ? translated : text;
  };
}
