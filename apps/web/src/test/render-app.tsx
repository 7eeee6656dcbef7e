import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '@gabarita/shared';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';

export const SIGNED_IN_USER: SessionUser = {
  id: 'u1',
  name: 'Ana Souza',
  email: 'ana@example.com',
  photoUrl: null,
  provider: 'password',
  accountType: 'free',
};

/** The real route tree in memory, with a fresh query cache that does not retry. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...view };
}

/** Stubs fetch so GET /api/auth/session answers with this user (null = visitor). */
export function stubSession(user: SessionUser | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/auth/session') return Response.json({ user });
    return Response.json(
      { error: { code: 'request/not-found', message: 'Recurso não encontrado.' } },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Stubs fetch with a request that never answers, to observe loading states. */
export function stubPendingSession() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}
