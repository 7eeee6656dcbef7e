import { act, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATHS, APP_ROUTES, PATHS } from '@gabarita/shared';
import { renderApp, SIGNED_IN_USER, stubPendingSession, stubSession } from '@/test/render-app';
import { routes } from './router';

const OPEN_PATHS = APP_PATHS.filter((entry) => entry.access === 'open').map(({ path }) => path);

/** A registered path with a value in each of its parameters, as a link would have it. */
const withSampleParams = (route: string) => route.replace(/:\w+/g, 'a1b2c3');

/** Every path the route tree declares (index routes stand for their parent's). */
function treePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.index ? parent : (route.path ?? parent);
    const own = route.path && route.path !== '*' ? [path] : [];
    return [...own, ...treePaths(route.children ?? [], path)];
  });
}

describe('routes', () => {
  it('shows the 404 page inside the shell for an unknown address', async () => {
    stubSession(null);
    renderApp('/nao-existe/mesmo');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Questões de concurso' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
  });

  it.each(['/recovery', '/Recovery'])('%s renders the password reset page', async (path) => {
    stubSession(null);
    renderApp(`${path}?oobCode=abc`);
    expect(await screen.findByRole('heading', { name: 'Redefinir senha' })).toBeInTheDocument();
  });

  it.each(OPEN_PATHS)('%s renders without waiting for the session', async (path) => {
    stubPendingSession();
    renderApp(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it.each([...APP_ROUTES])('%s exists in the route tree', async (path) => {
    stubSession(SIGNED_IN_USER);
    renderApp(withSampleParams(path));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).not.toHaveTextContent('Página não encontrada');
  });

  it('declares no path the registry lacks (the server would answer it with 404)', () => {
    const declared = treePaths(routes);
    expect(declared).toContain(PATHS.customerAccount.path);
    expect(declared.filter((path) => !APP_ROUTES.includes(path))).toEqual([]);
  });

  it('scrolls to the top when the page changes', async () => {
    stubSession(null);
    const { router } = renderApp('/ajuda');
    await screen.findByRole('heading', { name: 'Central de Ajuda' });
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[] } };
    const callsBefore = scrollTo.mock.calls.length;

    await act(() => router.navigate('/termos'));
    expect(await screen.findByRole('heading', { name: 'Termos de Uso' })).toBeInTheDocument();
    expect(scrollTo.mock.calls.length).toBeGreaterThan(callsBefore);
  });
});
