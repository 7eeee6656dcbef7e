import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, PRIVACY_MESSAGES } from '@gabarita/shared';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { axeViolations } from '@/test/accessibility';
import { QUERY_KEYS } from '@/domain/query-keys';
import { apiError, deferred, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

describe('/auth/action', () => {
  it.each([
    '/auth/action',
    '/auth/action?mode=verifyEmail',
    '/auth/action?oobCode=abc',
    '/auth/action?mode=recoverEmail&oobCode=abc',
  ])('%s goes to /login', async (path) => {
    const api = stubApi();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.requests.filter((request) => request.path.startsWith('/auth/action'))).toEqual([]);
  });

  it('resetPassword goes to /Recovery with the code', async () => {
    const api = stubApi({ 'POST /auth/action/check-reset': { email: 'ana@example.com' } });
    const { router } = renderApp('/auth/action?mode=resetPassword&oobCode=a%2Bb');
    expect(await screen.findByLabelText('Nova senha')).toBeVisible();
    expect(router.state.location.pathname).toBe('/Recovery');
    expect(router.state.location.search).toBe('?oobCode=a%2Bb');
    expect(api.calls('POST /auth/action/check-reset')[0]?.body).toEqual({ oobCode: 'a+b' });
  });

  it('verifyEmail confirms the address once, then shows the success on /login', async () => {
    const api = stubApi({
      'POST /auth/action/verify-email': { email: 'ana@example.com', alreadyVerified: false },
    });
    const { router } = renderApp('/auth/action?mode=verifyEmail&oobCode=abc');
    expect(await screen.findByText('Confirmando seu e-mail...')).toBeVisible();
    expect(await screen.findByText(AUTH_MESSAGES.verificationDone)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?verificado=1');
    expect(api.calls('POST /auth/action/verify-email')).toEqual([
      expect.objectContaining({ body: { oobCode: 'abc' } }),
    ]);
  });

  it('a reopened link of a verified address says so and offers sign-in', async () => {
    stubApi({
      'POST /auth/action/verify-email': { email: 'ana@example.com', alreadyVerified: true },
    });
    const { router } = renderApp('/auth/action?mode=verifyEmail&oobCode=abc');
    expect(await screen.findByText(AUTH_MESSAGES.verificationAlreadyDone)).toBeVisible();
    expect(screen.queryByText(AUTH_MESSAGES.verificationFailed)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(router.state.location.search).toBe('?verificado=ja');
  });

  it('verifyEmail with a bad code shows the failure on /login', async () => {
    stubApi({
      'POST /auth/action/verify-email': apiError(
        400,
        'auth/expired-action-code',
        AUTH_MESSAGES.verificationFailed,
      ),
    });
    const { router } = renderApp('/auth/action?mode=verifyEmail&oobCode=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.verificationFailed);
    await waitFor(() => expect(router.state.location.search).toBe('?verificacao=erro'));
  });

  it('changeEmail confirms the new address once and offers sign-in', async () => {
    const api = stubApi({
      'POST /auth/action/confirm-email-change': {
        email: 'nova@example.com',
        alreadyConfirmed: false,
      },
    });
    renderApp('/auth/action?mode=changeEmail&oobCode=a%2Bb');
    expect(await screen.findByText('Confirmando seu novo e-mail...')).toBeVisible();
    const heading = await screen.findByRole('heading', { level: 1, name: 'E-mail alterado' });
    expect(screen.getByRole('status')).toHaveTextContent(
      PRIVACY_MESSAGES.emailChangeDone('nova@example.com'),
    );
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    expect(api.calls('POST /auth/action/confirm-email-change')).toEqual([
      expect.objectContaining({ body: { oobCode: 'a+b' } }),
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('changeEmail while signed in leads to the account and refreshes the session', async () => {
    const answer = deferred<Response>();
    let email = SIGNED_IN_USER.email;
    stubApi({
      'GET /auth/session': () => ({ user: { ...SIGNED_IN_USER, email } }),
      'POST /auth/action/confirm-email-change': () => answer.promise,
    });
    const { queryClient } = renderApp('/auth/action?mode=changeEmail&oobCode=abc');
    // This browser already holds the session, with the old address.
    queryClient.setQueryData(QUERY_KEYS.session, { user: SIGNED_IN_USER });
    await screen.findByText('Confirmando seu novo e-mail...');

    email = 'nova@example.com';
    answer.resolve(Response.json({ email, alreadyConfirmed: false }));
    await screen.findByRole('heading', { level: 1, name: 'E-mail alterado' });
    expect(screen.getByRole('link', { name: 'Ir para Minha Conta' })).toHaveAttribute(
      'href',
      '/conta',
    );
    // The header and /conta show the new address.
    await waitFor(() =>
      expect(queryClient.getQueryData(QUERY_KEYS.session)).toEqual({
        user: { ...SIGNED_IN_USER, email: 'nova@example.com' },
      }),
    );
  });

  it('changeEmail with a link already used says the address is confirmed', async () => {
    stubApi({
      'POST /auth/action/confirm-email-change': {
        email: 'nova@example.com',
        alreadyConfirmed: true,
      },
    });
    renderApp('/auth/action?mode=changeEmail&oobCode=abc');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: PRIVACY_MESSAGES.emailChangeAlreadyDoneTitle,
      }),
    ).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      PRIVACY_MESSAGES.emailChangeAlreadyDone('nova@example.com'),
    );
  });

  it("changeEmail with a bad link shows the server's message", async () => {
    stubApi({
      'POST /auth/action/confirm-email-change': apiError(
        400,
        'privacy/email-change-invalid',
        PRIVACY_MESSAGES.emailChangeInvalid,
      ),
    });
    const { router } = renderApp('/auth/action?mode=changeEmail&oobCode=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(PRIVACY_MESSAGES.emailChangeInvalid);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Não foi possível alterar o e-mail' }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/auth/action');
    expect(await axeViolations()).toEqual([]);
  });

  it('changeEmail without an answer from the server says so (the link may still work)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/auth/action?mode=changeEmail&oobCode=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });
});
