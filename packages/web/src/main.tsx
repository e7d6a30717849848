import '@mantine/core/styles.css';
import './app/shell/shell.css';
import './app/contrast.css';
import './app/motion.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { profileQuery } from './api/app-info';
import { accessibleTheme } from './app/accessible-theme';
import { App } from './app/App';
import { preloadScreenAt } from './app/AppRoutes';
import { clientConfig } from './api/client-config';
import { queryClient } from './api/query-client';
import { fetchSession } from './session/session-store';
import { followLanguageInDocument } from './i18n';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm', ...accessibleTheme });

// Start-up (§2.3, §7): the config override, the session and the application profile, in parallel
// with the first render; private routes stay blank until the session answers.
followLanguageInDocument();
void clientConfig();
void fetchSession();
void queryClient.prefetchQuery(profileQuery);
preloadScreenAt(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          {/* A remembered language other than English loads its catalogues before the first render. */}
          <Suspense fallback={null}>
            <App />
          </Suspense>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
