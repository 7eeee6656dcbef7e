import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PRIVACY_MESSAGES, type ConsentsResponse } from '@gabarita/shared';
import { axeViolations } from '@/test/accessibility';
import {
  apiError,
  deferred,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';
import { appInfo } from '@/test/tutor-fixtures';

const APP_INFO = appInfo();

const ACCEPTED: ConsentsResponse = {
  records: [
    { document: 'termos', version: '2025-10-02', acceptedAt: '2026-11-26T13:00:00.000Z' },
    { document: 'privacidade', version: '2026-11-26', acceptedAt: '2026-11-26T13:00:00.000Z' },
  ],
  pending: [],
};

function signedIn(pending: ConsentsResponse['pending'], routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    'GET /app-info': APP_INFO,
    'GET /me/consents': { records: [], pending },
    ...routes,
  });
}

async function findGate() {
  return screen.findByRole('dialog', { name: PRIVACY_MESSAGES.consentUpdatedTitle });
}

describe('consent gate', () => {
  it('asks for the pending documents before the app can be used, and cannot be dismissed', async () => {
    signedIn(['termos', 'privacidade']);
    const { user } = renderApp('/conta');
    const gate = await findGate();

    expect(gate).toHaveAccessibleDescription(PRIVACY_MESSAGES.consentUpdatedIntro);
    const terms = within(gate).getByRole('link', { name: /Termos de Uso/ });
    const policy = within(gate).getByRole('link', { name: /Política de Privacidade/ });
    expect(terms).toHaveAttribute('href', '/termos');
    expect(policy).toHaveAttribute('href', '/politicas');
    // Read in a new tab, so the gate is still here when the reader comes back.
    expect(terms).toHaveAttribute('target', '_blank');
    expect(policy).toHaveAccessibleName('Política de Privacidade (abre em nova aba)');
    expect(
      within(gate).getByRole('checkbox', { name: PRIVACY_MESSAGES.consentGuardian }),
    ).not.toBeChecked();
    expect(
      within(gate).getByRole('button', { name: PRIVACY_MESSAGES.consentAccept }),
    ).toBeVisible();
    expect(within(gate).getByRole('button', { name: 'Sair' })).toBeVisible();

    // Focus is inside, stays inside, and Escape does not close it.
    await waitFor(() => expect(gate).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 6; step++) {
      await user.tab();
      expect(gate).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(gate).toBeInTheDocument();
    // The page under it is out of reach.
    const page = await screen.findByRole('heading', { name: 'Gerenciamento de Conta' });
    expect(page.closest('[inert]')).not.toBeNull();
    expect(gate.closest('[inert]')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it('lists only the documents that changed', async () => {
    signedIn(['privacidade']);
    renderApp('/conta');
    const gate = await findGate();
    expect(
      within(gate)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/politicas']);
  });

  it('records the acceptance, with the guardian’s consent, and lets the user in', async () => {
    const api = signedIn(['termos', 'privacidade'], { 'POST /me/consents': ACCEPTED });
    const { user } = renderApp('/conta');
    const gate = await findGate();

    await user.click(
      within(gate).getByRole('checkbox', { name: PRIVACY_MESSAGES.consentGuardian }),
    );
    await user.click(within(gate).getByRole('button', { name: PRIVACY_MESSAGES.consentAccept }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /me/consents').map((request) => request.body)).toEqual([
      { documents: ['termos', 'privacidade'], guardianConsent: true },
    ]);
    const page = await screen.findByRole('heading', { name: 'Gerenciamento de Conta' });
    await waitFor(() => expect(page.closest('[inert]')).toBeNull());
  });

  it('sends no guardian consent when the box is left unticked', async () => {
    const api = signedIn(['privacidade'], { 'POST /me/consents': ACCEPTED });
    const { user } = renderApp('/conta');
    const gate = await findGate();
    await user.click(within(gate).getByRole('button', { name: PRIVACY_MESSAGES.consentAccept }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /me/consents')[0]?.body).toEqual({ documents: ['privacidade'] });
  });

  it('keeps the gate while the answer is on its way and when saving fails', async () => {
    const first = deferred<Response>();
    const answers = [first.promise, Promise.resolve(new Response('oops', { status: 200 }))];
    let attempt = 0;
    signedIn(['termos'], { 'POST /me/consents': () => answers[attempt++] });
    const { user } = renderApp('/conta');
    const gate = await findGate();
    const accept = within(gate).getByRole('button', { name: PRIVACY_MESSAGES.consentAccept });

    await user.click(accept);
    expect(accept).toHaveAttribute('aria-disabled', 'true');
    await user.click(accept);
    expect(attempt).toBe(1);
    first.resolve(apiError(429, 'rate/limited', 'Muitas tentativas. Aguarde um pouco.'));
    expect(await within(gate).findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde um pouco.',
    );

    // An answer that makes no sense: our own words.
    await user.click(accept);
    expect(await within(gate).findByText(PRIVACY_MESSAGES.consentSaveFailed)).toBeVisible();
    expect(screen.getByRole('dialog')).toBe(gate);
  });

  it("'Sair' signs out to /login instead of accepting", async () => {
    const api = signedIn(['termos', 'privacidade'], { 'POST /auth/logout': noContentResponse() });
    const { user, router } = renderApp('/conta');
    const gate = await findGate();
    await user.click(within(gate).getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(AUTH_MESSAGES.signedOut)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('POST /auth/logout')).toHaveLength(1);
    expect(api.calls('POST /me/consents')).toHaveLength(0);
  });

  it('shows nothing when everything is accepted', async () => {
    const api = signedIn([]);
    renderApp('/conta');
    await waitFor(() => expect(api.calls('GET /me/consents')).toHaveLength(1));
    expect(
      await screen.findByRole('heading', { name: 'Gerenciamento de Conta' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the app usable when the question fails (the next visit asks again)', async () => {
    const api = signedIn(['termos'], {
      'GET /me/consents': apiError(500, 'server/error', 'Erro interno.'),
    });
    renderApp('/conta');
    await waitFor(() => expect(api.calls('GET /me/consents').length).toBeGreaterThan(0));
    expect(
      await screen.findByRole('heading', { name: 'Gerenciamento de Conta' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['/termos', '/politicas'])(
    'does not cover %s, so the documents can be read',
    async (path) => {
      const api = signedIn(['termos', 'privacidade']);
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
      // Long enough for the gate's question, which waits for the page to be painted.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.calls('GET /me/consents')).toHaveLength(0);
    },
  );
});
