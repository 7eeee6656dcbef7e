import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';
import {
  GOOGLE_MESSAGE_TYPE,
  GOOGLE_POPUP_URL,
  GOOGLE_REDIRECT_URL,
} from '../api/use-google-sign-in';

async function renderLogin(path = '/login', state?: unknown) {
  const app = renderApp(path, { state });
  await screen.findByRole('heading', { level: 1, name: 'Entrar' });
  return app;
}

type User = Awaited<ReturnType<typeof renderLogin>>['user'];

async function typeCredentials(user: User, email = 'ana@example.com', password = 'segredo1') {
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
}

describe('login page', () => {
  it('has required e-mail and password fields and a link to sign up', async () => {
    stubApi();
    await renderLogin();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('E-mail')).toBeRequired();
    expect(screen.getByLabelText('Senha')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Entrar com Google' })).toBeNull();
  });

  it("shows the server's message on a refused sign-in", async () => {
    stubApi({
      'POST /auth/login': apiError(401, 'auth/invalid-credential', AUTH_MESSAGES.invalidCredential),
    });
    const { user } = await renderLogin();
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredential);
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      AUTH_MESSAGES.invalidCredential,
    );
  });

  it('signs in and returns to the page the visitor wanted', async () => {
    let signedIn = false;
    const api = stubApi({
      'GET /auth/session': () => ({ user: signedIn ? SIGNED_IN_USER : null }),
      'POST /auth/login': () => {
        signedIn = true;
        return { user: SIGNED_IN_USER };
      },
    });
    const from = { pathname: '/conta', search: '', hash: '' };
    const { user, router } = await renderLogin('/login', { from });
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByRole('heading', { name: 'Gerenciamento de Conta' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conta');
    expect(api.calls('POST /auth/login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'segredo1',
    });
  });

  it('explains an unverified e-mail and resends the verification link', async () => {
    const api = stubApi({
      'POST /auth/login': apiError(403, 'auth/email-not-verified', AUTH_MESSAGES.emailNotVerified),
      'POST /auth/resend-verification': { email: 'ana@example.com' },
    });
    const { user } = await renderLogin();
    await typeCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailNotVerifiedHint);
    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail de verificação' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.verificationSent);
    expect(api.calls('POST /auth/resend-verification')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'segredo1',
    });
    expect(screen.queryByRole('button', { name: 'Reenviar e-mail de verificação' })).toBeNull();
  });

  describe("'Recuperar senha'", () => {
    it('asks for the e-mail when the field is empty', async () => {
      const api = stubApi();
      const { user } = await renderLogin();
      await user.click(screen.getByRole('button', { name: 'Recuperar senha' }));
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.recoveryEmailRequired);
      expect(screen.getByLabelText('E-mail')).toHaveFocus();
      expect(api.calls('POST /auth/password-reset')).toHaveLength(0);
    });

    it('sends the link to the typed e-mail', async () => {
      const api = stubApi({ 'POST /auth/password-reset': { email: 'ana@example.com' } });
      const { user } = await renderLogin();
      await typeCredentials(user, 'ana@example.com', '');
      await user.click(screen.getByRole('button', { name: 'Recuperar senha' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Link de recuperação enviado para ana@example.com',
      );
      expect(api.calls('POST /auth/password-reset')[0]?.body).toEqual({
        email: 'ana@example.com',
      });
    });

    it.each([
      [
        apiError(404, 'auth/user-not-found', AUTH_MESSAGES.userNotFound),
        AUTH_MESSAGES.userNotFound,
      ],
      [
        apiError(502, 'auth/reset-link-failed', AUTH_MESSAGES.resetLinkFailed),
        AUTH_MESSAGES.resetLinkFailed,
      ],
      [apiError(500, 'server/internal', 'Erro interno'), AUTH_MESSAGES.resetLinkFailed],
    ])('shows the failure message (%#)', async (answer, message) => {
      stubApi({ 'POST /auth/password-reset': () => answer });
      const { user } = await renderLogin();
      await typeCredentials(user, 'ana@example.com', '');
      await user.click(screen.getByRole('button', { name: 'Recuperar senha' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    });
  });

  it.each([
    ['?verificado=1', 'status', AUTH_MESSAGES.verificationDone],
    ['?verificacao=erro', 'alert', AUTH_MESSAGES.verificationFailed],
    ['?senha=redefinida', 'status', AUTH_MESSAGES.resetDone],
    ['?google=erro', 'alert', AUTH_MESSAGES.googleFailed],
    ['?google=bloqueada', 'alert', AUTH_MESSAGES.accountBlockedGeneric],
  ])('shows the message brought by %s', async (search, role, message) => {
    stubApi();
    await renderLogin(`/login${search}`);
    expect(screen.getByRole(role)).toHaveTextContent(message);
  });

  it('shows a message handed over in the navigation state', async () => {
    stubApi();
    await renderLogin('/login', { notice: AUTH_MESSAGES.signedOut });
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.signedOut);
  });

  describe('Google', () => {
    it('opens the popup and reports a failed sign-in', async () => {
      stubApi({ 'GET /auth/providers': { google: true } });
      const popup = { closed: false } as Window;
      const open = vi.fn(() => popup);
      vi.stubGlobal('open', open);
      const { user } = await renderLogin();

      await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
      expect(open).toHaveBeenCalledWith(GOOGLE_POPUP_URL, expect.any(String), expect.any(String));
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: { type: GOOGLE_MESSAGE_TYPE, ok: false },
          }),
        );
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.googleFailed);
    });

    it('shows why a blocked account could not sign in with Google', async () => {
      stubApi({ 'GET /auth/providers': { google: true } });
      vi.stubGlobal(
        'open',
        vi.fn(() => ({ closed: false }) as Window),
      );
      const { user } = await renderLogin();
      await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
      const blocked = AUTH_MESSAGES.accountBlocked('Uso indevido');
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: { type: GOOGLE_MESSAGE_TYPE, ok: false, blocked },
          }),
        );
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(blocked);
    });

    it('refetches the session when the popup reports success', async () => {
      let signedIn = false;
      stubApi({
        'GET /auth/providers': { google: true },
        'GET /auth/session': () => ({ user: signedIn ? SIGNED_IN_USER : null }),
      });
      vi.stubGlobal(
        'open',
        vi.fn(() => ({ closed: false }) as Window),
      );
      const { user, router } = await renderLogin();
      await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
      signedIn = true;
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            data: { type: GOOGLE_MESSAGE_TYPE, ok: true },
          }),
        );
      });
      expect(await screen.findByRole('heading', { name: 'Questões de concurso' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/');
    });

    it('falls back to a full redirect when the popup is blocked', async () => {
      stubApi({ 'GET /auth/providers': { google: true } });
      vi.stubGlobal(
        'open',
        vi.fn(() => null),
      );
      const assign = vi.fn();
      const location = window.location;
      vi.stubGlobal('location', { ...location, origin: location.origin, assign });
      const { user } = await renderLogin();
      await user.click(await screen.findByRole('button', { name: 'Entrar com Google' }));
      expect(assign).toHaveBeenCalledWith(GOOGLE_REDIRECT_URL);
    });
  });
});
