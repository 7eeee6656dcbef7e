import './fonts.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { startBrandFont } from '@/app/brand-font';
import { prepareFirstRender } from '@/app/first-render';
import { registerServiceWorker } from '@/app/service-worker';
import { AppRoutes } from '@/app/router';
import { watchFirstScreen } from '@/lib/first-screen';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado em index.html');

const root = createRoot(container);
const queryClient = createQueryClient();
void prepareFirstRender(queryClient, new URL(window.location.href)).then(() => {
  watchFirstScreen();
  registerServiceWorker();
  startBrandFont();
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task while a slow phone builds the whole page.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
});
