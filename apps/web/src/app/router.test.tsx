import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, OPEN_ROUTES } from '@gabarita/shared';
import { renderApp, SIGNED_IN_USER, stubPendingSession, stubSession } from '@/test/render-app';

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

  it.each([...OPEN_ROUTES])('%s renders without waiting for the session', async (path) => {
    stubPendingSession();
    renderApp(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it.each([...APP_ROUTES])('%s exists in the route tree', async (path) => {
    stubSession(SIGNED_IN_USER);
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).not.toHaveTextContent('Página não encontrada');
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
