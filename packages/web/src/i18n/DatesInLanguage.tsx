import { DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language } from './languages';

/** dayjs's month and day names per language; English is built in. */
const DAYJS_LOCALES: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
};

/**
 * Mantine's date pickers name months and weekdays through dayjs: the portal's language is their
 * locale once dayjs has it (loaded with the language, so English pages carry none).
 */
export function DatesInLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  const locale = useQuery({
    queryKey: ['dayjs-locale', language],
    queryFn: async () => {
      if (language !== 'en') await DAYJS_LOCALES[language]();
      return language;
    },
    staleTime: Infinity,
  }).data;
  return <DatesProvider settings={{ locale: locale ?? 'en' }}>{children}</DatesProvider>;
}
