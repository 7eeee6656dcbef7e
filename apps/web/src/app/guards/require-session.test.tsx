import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { renderApp, SIGNED_IN_USER, stubPendingSession, stubSession } from '@/test/render-app';
import type { LoginRedirectState } from './require-session';

describe('RequireSession', () => {
  it('shows the loading screen while the session loads', async () => {
    stubPendingSession();
    renderApp('/conta');
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando...');
    expect(screen.queryByRole('heading', { name: 'Gerenciamento de Conta' })).toBeNull();
  });

  it('redirects a visitor to /login, remembering where they were going', async () => {
    stubSession(null);
    const { router } = renderApp('/meu-desempenho?aba=1');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const state = router.state.location.state as LoginRedirectState;
    expect(state.from).toEqual({ pathname: '/meu-desempenho', search: '?aba=1', hash: '' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders the page in the shell for a signed-in user', async () => {
    stubSession(SIGNED_IN_USER);
    renderApp('/conta');
    expect(
      await screen.findByRole('heading', { name: 'Gerenciamento de Conta' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('offers a retry instead of redirecting when the session request fails', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = renderApp('/conta');

    expect(
      await screen.findByRole('heading', { name: 'Não foi possível verificar sua sessão' }),
    ).toBeInTheDocument();
    expect(screen.getByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conta');

    fetchMock.mockImplementation(async () => Response.json({ user: SIGNED_IN_USER }));
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { name: 'Gerenciamento de Conta' }),
    ).toBeInTheDocument();
  });
});

describe('RedirectIfSignedIn', () => {
  it.each(['/login', '/signup'])('sends a signed-in user from %s to /', async (path) => {
    stubSession(SIGNED_IN_USER);
    const { router } = renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Questões de concurso' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the sign-up page to a visitor, without the menu', async () => {
    stubSession(null);
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Tema:/ })).toBeInTheDocument();
  });
});
