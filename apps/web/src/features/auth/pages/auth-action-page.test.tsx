import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { apiError, renderApp, stubApi } from '@/test/render-app';

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
});
