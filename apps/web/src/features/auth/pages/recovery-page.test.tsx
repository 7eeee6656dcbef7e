import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { apiError, noContentResponse, renderApp, stubApi } from '@/test/render-app';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Redefinir senha' });

describe('password reset page', () => {
  afterEach(() => vi.useRealTimers());

  it('says the code is missing when the link has none', async () => {
    const api = stubApi();
    renderApp('/recovery');
    await heading();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetCodeMissing);
    expect(screen.getByRole('link', { name: 'Solicitar novo link' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it.each([
    ['auth/invalid-action-code', AUTH_MESSAGES.resetCodeInvalid],
    ['auth/expired-action-code', AUTH_MESSAGES.resetCodeExpired],
  ])('shows the server message for %s', async (code, message) => {
    stubApi({ 'POST /auth/action/check-reset': apiError(400, code, message) });
    renderApp('/Recovery?oobCode=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Solicitar novo link' })).toBeVisible();
  });

  it('says the link could not be checked when the server fails', async () => {
    stubApi({ 'POST /auth/action/check-reset': new Response('down', { status: 503 }) });
    renderApp('/recovery?oobCode=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetCheckFailed);
  });

  it('checks the passwords (match first, then length), then resets and returns to /login', async () => {
    const api = stubApi({
      'POST /auth/action/check-reset': { email: 'ana@example.com' },
      'POST /auth/action/confirm-reset': noContentResponse(),
    });
    const { user, router } = renderApp('/recovery?oobCode=abc');
    await heading();
    expect(await screen.findByText('ana@example.com')).toBeVisible();

    await user.type(screen.getByLabelText('Nova senha'), '123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), '1234');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordsDoNotMatch);

    await user.clear(screen.getByLabelText('Nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), '1234');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.newPasswordTooShort);
    expect(api.calls('POST /auth/action/confirm-reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Nova senha'));
    await user.clear(screen.getByLabelText('Confirmar nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), 'novaSenha1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha1');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(AUTH_MESSAGES.resetDone);
    expect(done).toHaveTextContent('Você será redirecionado para o login em 5 segundos.');
    expect(api.calls('POST /auth/action/confirm-reset')[0]?.body).toEqual({
      oobCode: 'abc',
      newPassword: 'novaSenha1',
    });

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(router.state.location.pathname).toBe('/recovery');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.resetDone);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?senha=redefinida');
  });

  it('shows the server message when the reset is refused', async () => {
    stubApi({
      'POST /auth/action/check-reset': { email: 'ana@example.com' },
      'POST /auth/action/confirm-reset': apiError(
        400,
        'auth/expired-action-code',
        AUTH_MESSAGES.resetConfirmFailed,
      ),
    });
    const { user } = renderApp('/recovery?oobCode=abc');
    await user.type(await screen.findByLabelText('Nova senha'), 'novaSenha1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetConfirmFailed);
  });
});
