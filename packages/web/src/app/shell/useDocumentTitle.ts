import { useEffect } from 'react';
import { documentTitle } from '../page-titles';

/** Names the open page in the browser's tab, history and bookmarks (page-titles.ts lists the names). */
export function useDocumentTitle(pathname: string): void {
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
