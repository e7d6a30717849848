import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/useSession';
import { useScrollReset } from '../useScrollReset';
import { ErrorBoundary } from './ErrorBoundary';
import { useDocumentTitle } from './useDocumentTitle';

const ShellChrome = lazy(() => import('./ShellChrome'));

const pageLoading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** The shell's measures; shell.css places the toasts below the header and beside the sidebar with them. */
const HEADER_HEIGHT = 52;
const SIDEBAR_WIDTH = { expanded: 260, collapsed: 64 };

/**
 * The frame around every page: header and sidebar for a signed-in user, the page in the rest. On a
 * wide screen the sidebar folds to its icons (remembered in this browser); under Mantine's `sm`
 * breakpoint it becomes a drawer behind the header's burger that closes when a page is chosen.
 */
export function AppLayout() {
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  useScrollReset();
  useDocumentTitle(pathname);
  const [menuOpened, menu] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'evfleet.sidebar-collapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const iconsOnly = collapsed && wide;
  const { close } = menu;
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      // Signed out there is no header or sidebar, and no room is kept for them (toasts read the offsets).
      disabled={!isAuthenticated}
      header={isAuthenticated ? { height: HEADER_HEIGHT } : undefined}
      navbar={
        isAuthenticated
          ? {
              width: iconsOnly ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded,
              breakpoint: 'sm',
              collapsed: { mobile: !menuOpened },
            }
          : undefined
      }
      padding={0}
    >
      {isAuthenticated && (
        <Suspense fallback={null}>
          <ShellChrome
            menuOpened={menuOpened}
            onToggleMenu={menu.toggle}
            sidebarCollapsed={collapsed}
            onToggleSidebar={() => setCollapsed(!collapsed)}
            iconsOnly={iconsOnly}
          />
        </Suspense>
      )}
      <AppShell.Main className="app-main">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={pageLoading}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
