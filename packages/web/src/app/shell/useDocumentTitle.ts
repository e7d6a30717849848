import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../page-titles';

/** Names the open page in the browser's tab, history and bookmarks (page-titles.ts lists the names). */
export function useDocumentTitle(pathname: string): void {
  const { t } = useTranslation('app');
  useEffect(() => {
    document.title = documentTitle(pathname, t);
  }, [pathname, t]);
}
