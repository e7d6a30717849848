import { ToastContainer } from './toast';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './shell/ErrorBoundary';

/** The whole portal: routes, and the toast container at top-left (§2.3). */
export function App() {
  return (
    <>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <ToastContainer position="top-left" autoClose={5000} newestOnTop />
    </>
  );
}
