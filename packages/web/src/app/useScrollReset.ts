import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page opened by a link or a redirect (a detail page's Edit, a save returning to its list)
 * starts at the top, not at the previous page's scroll position. Back and Forward are left to the
 * browser, which returns to where that page was; a change of the query alone (a list's tab, page or
 * filter) keeps the position.
 */
export function useScrollReset() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type === 'POP') return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Should the main area ever scroll by itself rather than the window, it starts at the top too.
    document.querySelector('main')?.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Keyed by path alone: see above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
