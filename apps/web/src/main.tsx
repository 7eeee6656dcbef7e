import './fonts.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadPage } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado em index.html');

const root = createRoot(container);
// The page's own code first, so the first render shows it rather than the loading screen again.
void preloadPage(window.location.pathname).then(() => {
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task while a slow phone builds the whole page.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
});
