import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';

function LocationProbe({ report }: { report: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    report(location);
  });
  return null;
}

/**
 * One page at its route, outside the app's route tree (for pages not routed yet, or components
 * tested alone), with the app's providers and query client (not retrying). Any other address
 * renders 'Outra página', so a test can follow a link out. `location()` is where the app is.
 */
export function renderPage(page: ReactElement, { path, route }: { path: string; route: string }) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  let current: Location | undefined;
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          report={(location) => {
            current = location;
          }}
        />
        <main tabIndex={-1}>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={<p>Outra página</p>} />
          </Routes>
        </main>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, queryClient, location: () => current!, ...view };
}
