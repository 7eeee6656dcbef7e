import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  PRIVACY_MESSAGES,
  REVIEW_MESSAGES,
  type MeResponse,
} from '@gabarita/shared';
import { axeViolations } from '@/test/accessibility';
import { FREE_TOKENS, premiumTokens } from '@/test/tutor-fixtures';
import {
  apiError,
  ME_RESPONSE,
  renderApp,
  SIGNED_IN_USER,
  type StubbedRequest,
} from '@/test/render-app';
import { stubAccount } from '../testing/stub-account';

async function renderAccount() {
  const app = renderApp('/conta');
  await screen.findByRole('region', { name: 'Detalhes da conta' });
  return app;
}

const detail = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

const premium = (daysRemaining: number): MeResponse => ({
  ...ME_RESPONSE,
  accountType: 'premium',
  plan: {
    startedAt: '2025-09-01T13:00:00.000Z',
    endsOn: '2025-10-01',
    endsAt: '2025-10-02T02:59:59.000Z',
    daysRemaining,
  },
});

describe('/conta', () => {
  it('shows the details of a free account that never had a plan', async () => {
    stubAccount(ME_RESPONSE);
    await renderAccount();
    expect(detail('E-mail')).toHaveTextContent('ana@example.com');
    expect(detail('Status')).toHaveTextContent('Gratuita');
    expect(detail('Último acesso')).toHaveTextContent(/^02\/10\/2025,? 12:04:05$/);
    expect(detail('Dias restantes')).toHaveTextContent('N/A');
    expect(screen.queryByText('Data de término')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/assinatura');
  });

  it('saves the desired retention and says what it trades', { timeout: 30_000 }, async () => {
    const api = stubAccount(ME_RESPONSE, {
      'PUT /me/review/settings': (request: StubbedRequest) => request.body as object,
    });
    const { user } = await renderAccount();
    const field = await screen.findByRole('combobox', { name: 'Retenção desejada' });
    await waitFor(() => expect(field).toHaveDisplayValue('90%'));
    expect(field).toHaveAccessibleDescription(REVIEW_MESSAGES.retentionTrade);
    await user.selectOptions(field, '95%');
    await user.click(screen.getByRole('button', { name: 'Salvar retenção' }));
    expect(await screen.findByText('Retenção salva.')).toBeVisible();
    expect(api.calls('PUT /me/review/settings')[0]?.body).toEqual({ desiredRetention: 0.95 });
  });

  it('shows the dates and the days remaining of a premium plan', async () => {
    stubAccount(premium(12));
    await renderAccount();
    expect(detail('Status')).toHaveTextContent('Premium');
    expect(detail('Data de contratação')).toHaveTextContent(/^01\/09\/2025,? 10:00:00$/);
    expect(detail('Data de término')).toHaveTextContent(/^01\/10\/2025,? 23:59:59$/);
    expect(detail('Dias restantes')).toHaveTextContent('12 dias restantes');
  });

  it.each([
    [1, '1 dia restante'],
    [0, 'Expira hoje'],
  ])('words %i day(s) remaining as %s', async (days, wording) => {
    stubAccount(premium(days));
    await renderAccount();
    expect(detail('Dias restantes')).toHaveTextContent(wording);
  });

  it("says 'Plano expirado' for a free account whose plan ended", async () => {
    stubAccount({ ...premium(-3), accountType: 'free' });
    await renderAccount();
    expect(detail('Status')).toHaveTextContent('Gratuita');
    expect(detail('Dias restantes')).toHaveTextContent('Plano expirado');
  });

  it('shows the empty purchase histories, each saying what it would list', async () => {
    stubAccount(ME_RESPONSE);
    await renderAccount();
    const plans = screen.getByRole('region', { name: 'Histórico de compras de planos' });
    expect(await within(plans).findByText('Você ainda não realizou nenhuma compra.')).toBeVisible();
    expect(plans).toHaveTextContent('Os planos Premium que você comprar aparecem aqui.');
    expect(screen.queryByRole('list', { name: 'PIX aguardando pagamento' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Histórico de pacotes de tokens' })).getByText(
        'Você ainda não comprou nenhum pacote de tokens.',
      ),
    ).toBeVisible();
  });

  it('lists paid plans and packages with date, price, validity end and purchase id', async () => {
    stubAccount(premium(30), {
      'GET /me/purchases': {
        plans: [
          {
            purchaseId: '5b0c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10',
            productId: 'mensal',
            productName: 'Mensal',
            priceCentavos: 3490,
            purchasedAt: '2026-11-23T15:04:05.000Z',
            validUntil: '2026-12-23T15:04:05.000Z',
            validUntilDisplay: '2026-12-23T15:04:04.999Z',
          },
        ],
        packages: [
          {
            purchaseId: '8d1f2e33-4c5b-4a69-8e7f-0a1b2c3d4e5f',
            productId: 'package_1',
            productName: 'Essencial',
            priceCentavos: 190,
            purchasedAt: '2026-11-20T12:00:00.000Z',
          },
        ],
        pending: [],
      },
    });
    await renderAccount();
    const plans = await screen.findByRole('list', { name: 'Planos comprados' });
    expect(plans).toHaveTextContent('Plano Mensal');
    expect(plans).toHaveTextContent('23/11/2026, 12:04:05');
    expect(plans).toHaveTextContent('R$ 34,90');
    expect(plans).toHaveTextContent('23/12/2026, 12:04:04');
    expect(plans).toHaveTextContent('5b0c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10');
    const packages = screen.getByRole('list', { name: 'Pacotes comprados' });
    expect(packages).toHaveTextContent('8d1f2e33-4c5b-4a69-8e7f-0a1b2c3d4e5f');
    expect(packages).toHaveTextContent('R$ 1,90');
    expect(packages).toHaveTextContent('20/11/2026, 09:00:00');
  });

  it("lists a PIX still waiting to be paid, with 'Continuar pagamento' back to its page", async () => {
    const purchaseId = '5b0c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10';
    stubAccount(ME_RESPONSE, {
      'GET /me/purchases': {
        plans: [],
        packages: [],
        pending: [
          {
            purchaseId,
            productType: 'package',
            productId: 'package_1',
            productName: 'Essencial',
            priceCentavos: 190,
            expiresAt: '2026-11-23T15:09:05.000Z',
          },
        ],
      },
    });
    await renderAccount();
    const pending = await screen.findByRole('list', { name: 'PIX aguardando pagamento' });
    expect(pending).toHaveTextContent('Pacote de tokens Essencial, R$ 1,90: pague até 12:09.');
    expect(within(pending).getByRole('link', { name: 'Continuar pagamento' })).toHaveAttribute(
      'href',
      `/pagamento?compra=${purchaseId}`,
    );
  });

  it("shows today's remaining tokens while the plan is valid, and the package's", async () => {
    stubAccount(premium(30), {
      'GET /me/tokens': {
        ...premiumTokens({ input: 500, output: 250 }),
        package: { input: 70_000, output: 35_000 },
      },
    });
    await renderAccount();
    expect(await screen.findByText('Tokens de entrada restantes hoje')).toBeVisible();
    expect(detail('Tokens de entrada restantes hoje')).toHaveTextContent('79.500');
    expect(detail('Tokens de saída restantes hoje')).toHaveTextContent('39.750');
    expect(detail('Tokens de entrada do pacote')).toHaveTextContent('70.000');
    expect(detail('Tokens de saída do pacote')).toHaveTextContent('35.000');
  });

  it('shows no token rows without a plan or a package', async () => {
    stubAccount(ME_RESPONSE, { 'GET /me/tokens': FREE_TOKENS });
    await renderAccount();
    await screen.findByText('Você ainda não realizou nenhuma compra.');
    expect(screen.queryByText(/^Tokens de/)).toBeNull();
  });

  it('hides the security section from Google accounts, not the sign-out of every device', async () => {
    stubAccount({ ...ME_RESPONSE, provider: 'google' });
    await renderAccount();
    expect(screen.queryByRole('region', { name: 'Segurança' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alterar Senha' })).toBeNull();
    const devices = screen.getByRole('region', { name: 'Dispositivos conectados' });
    expect(
      within(devices).getByRole('button', { name: 'Sair de todos os dispositivos' }),
    ).toBeVisible();
  });

  it('signs out of every device after asking, and says so on /login', async () => {
    let sessionUser: typeof SIGNED_IN_USER | null = SIGNED_IN_USER;
    const api = stubAccount(ME_RESPONSE, {
      'GET /auth/session': () => ({ user: sessionUser }),
      'POST /auth/logout-everywhere': () => {
        sessionUser = null;
        return new Response(null, { status: 204 });
      },
    });
    const { user, router } = await renderAccount();
    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair de todos os dispositivos?' });
    // Focus starts on the safe choice; cancelling ends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('POST /auth/logout-everywhere')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sair de todos os dispositivos' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair de todos' }),
    );
    expect(await screen.findByText(AUTH_MESSAGES.signedOutEverywhere)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('POST /auth/logout-everywhere')).toHaveLength(1);
  });

  it("sends the password change link, and shows the server's failure message", async () => {
    let attempt = 0;
    const api = stubAccount(ME_RESPONSE, {
      'POST /me/password-change-link': () =>
        ++attempt === 1
          ? { email: 'ana@example.com' }
          : apiError(502, 'auth/password-change-failed', AUTH_MESSAGES.passwordChangeSendFailed),
    });
    const { user } = await renderAccount();
    const security = screen.getByRole('region', { name: 'Segurança' });

    await user.click(within(security).getByRole('button', { name: 'Alterar Senha' }));
    expect(await within(security).findByRole('status')).toHaveTextContent(
      'Link de redefinição enviado para ana@example.com',
    );
    expect(api.calls('POST /me/password-change-link')[0]?.body).toEqual({});

    await user.click(within(security).getByRole('button', { name: 'Alterar Senha' }));
    expect(await within(security).findByRole('alert')).toHaveTextContent('Erro 2');
  });

  it('has no accessibility violations, with every section filled and with the deletion dialog', async () => {
    stubAccount(premium(30), {
      'GET /me/consents': {
        records: [
          { document: 'termos', version: '2025-10-02', acceptedAt: '2025-10-05T18:30:00.000Z' },
        ],
        pending: [],
      },
      'GET /me/data-exports': {
        items: [
          {
            id: '3f1c9a52-7d2e-4b8a-9c1f-2e3d4c5b6a70',
            status: 'ready',
            requestedAt: '2026-11-26T12:00:00.000Z',
            readyAt: '2026-11-26T12:00:05.000Z',
            expiresAt: '2026-11-27T12:00:05.000Z',
            sizeBytes: 1_234_567,
          },
        ],
      },
    });
    const { user } = await renderAccount();
    await screen.findByRole('list', { name: 'Documentos aceitos' });
    await screen.findByRole('link', { name: PRIVACY_MESSAGES.exportDownload });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: PRIVACY_MESSAGES.deleteButton }));
    await screen.findByRole('dialog', { name: 'Excluir sua conta?' });
    expect(await axeViolations()).toEqual([]);
  }, 15_000);

  it('offers a retry when the account cannot be loaded', async () => {
    let fail = true;
    stubAccount(ME_RESPONSE, {
      'GET /me': () => (fail ? new Response('down', { status: 503 }) : ME_RESPONSE),
    });
    const { user } = renderApp('/conta');
    expect(await screen.findByRole('alert')).toHaveTextContent(/indisponível/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Detalhes da conta' })).toBeVisible();
  });

  it('sends the user to /login when the account is gone (401 while signed in)', async () => {
    let sessionUser: typeof SIGNED_IN_USER | null = SIGNED_IN_USER;
    stubAccount(ME_RESPONSE, {
      'GET /auth/session': () => ({ user: sessionUser }),
      'GET /me': () => {
        sessionUser = null;
        return apiError(401, 'auth/unauthenticated', 'Você precisa estar logado para continuar.');
      },
    });
    const { router } = renderApp('/conta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});
