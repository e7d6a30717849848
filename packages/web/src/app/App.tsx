import { DatesInLanguage } from '../i18n/DatesInLanguage';
import { ToastContainer } from '../notify/toast';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { useAccountLanguage } from './useAccountLanguage';
import { useColorSchemeSync } from './shell/useColorSchemeSync';

/** The whole portal: routes, and the toast container at top-left (§2.3) in the page's colour scheme. */
export function App() {
  const scheme = useColorSchemeSync();
  useAccountLanguage();
  return (
    <>
      <ErrorBoundary>
        <DatesInLanguage>
          <AppRoutes />
        </DatesInLanguage>
      </ErrorBoundary>
      <ToastContainer position="top-left" autoClose={5000} newestOnTop theme={scheme} />
    </>
  );
}
