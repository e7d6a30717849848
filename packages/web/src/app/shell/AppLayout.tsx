import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../session/useSession';
import { useScrollReset } from '../useScrollReset';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

const pageLoading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** The frame around every page: header and sidebar for a signed-in user, the page in the middle. */
export function AppLayout() {
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  useScrollReset();
  return (
    <div className={isAuthenticated ? 'app-frame with-sidebar' : 'app-frame'}>
      {isAuthenticated && <Header />}
      <div className="app-body">
        {isAuthenticated && <Sidebar />}
        <main className="app-main">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={pageLoading}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
