import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_CONSOLE_MESSAGES, type AccountDetail, type SessionUser } from '@gabarita/shared';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const USER_ID = '3fab7c2c-a335-4861-9e05-500543c90b46';
const staff = (role: SessionUser['role']): SessionUser => ({
  ...SIGNED_IN_USER,
  id: 'staff',
  name: 'Equipe',
  role,
});
const usage = { inputTokens: 0, outputTokens: 0, inputCostMicroUsd: 0, outputCostMicroUsd: 0 };

function detail(overrides: Partial<AccountDetail['account']> = {}): AccountDetail {
  return {
    account: {
      id: USER_ID,
      name: 'Joana Cliente',
      email: 'joana@exemplo.com',
      provider: 'password',
      role: 'user',
      accountType: 'premium',
      verified: true,
      blocked: false,
      createdAt: '2025-01-10T12:00:00.000Z',
      emailVerifiedAt: '2025-01-10T12:05:00.000Z',
      lastSeenAt: '2025-10-02T15:04:05.000Z',
      blockedAt: null,
      blockedReason: null,
      ...overrides,
    },
    plan: {
      startedAt: '2025-09-01T12:00:00.000Z',
      endsOn: '2025-12-31',
      endsAt: '2026-01-01T02:59:59.999Z',
      daysRemaining: 40,
    },
    tokens: {
      canUseAi: true,
      daily: null,
      package: { input: 80_000, output: 40_000 },
      usage: {
        today: { ...usage, day: '2025-10-02' },
        currentMonth: { ...usage, month: '2025-10' },
        monthlyHistory: [],
        lifetime: usage,
      },
    },
    purchases: [
      {
        id: 'p1',
        productType: 'plan',
        productName: 'Mensal',
        priceCentavos: 3490,
        status: 'paid',
        createdAt: '2025-09-01T12:00:00.000Z',
        paidAt: '2025-09-01T12:01:00.000Z',
        reversedAt: null,
      },
    ],
    counts: { answers: 120, errorReports: 2, helpRequests: 3, liveSessions: 1 },
    supportPackageLimit: 1,
  };
}

function open(role: SessionUser['role'], account = detail(), routes = {}) {
  const api = stubApi({
    'GET /auth/session': { user: staff(role) },
    [`GET /admin/accounts/${USER_ID}`]: account,
    ...routes,
  });
  const rendered = renderApp(`/admin/contas/${USER_ID}`);
  return { api, ...rendered };
}

const actionCard = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('section')!;

describe('AccountPage', () => {
  it('shows the account, its plan, tokens, purchases and activity', async () => {
    open('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Joana Cliente' })).toBeVisible();
    const data = screen.getByRole('region', { name: 'Dados da conta' });
    expect(within(data).getByText('E-mail e senha')).toBeVisible();
    expect(within(data).getByText('Premium até 31/12/2025')).toBeVisible();
    const tokens = screen.getByRole('region', { name: 'Tokens' });
    expect(within(tokens).getByText('80.000 de entrada e 40.000 de saída')).toBeVisible();
    const purchases = screen.getByRole('region', { name: 'Compras' });
    expect(within(purchases).getByText('Plano Mensal')).toBeVisible();
    expect(within(purchases).getByText('Pago')).toBeVisible();
    expect(within(purchases).getByText(/R\$\s34,90/)).toBeVisible();
    const activity = screen.getByRole('region', { name: 'Atividade' });
    expect(within(activity).getByText('120')).toBeVisible();
    expect(within(activity).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/admin/mensagens',
    );
  });

  it('gives support tokens and sessions, but not Premium or blocking', async () => {
    open('support');
    await screen.findByRole('heading', { level: 1, name: 'Joana Cliente' });
    const titles = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Conceder tokens', 'Encerrar sessões']);
    expect(within(actionCard('Conceder tokens')).getByText('No máximo 1 por vez.')).toBeVisible();
  });

  it('gives admins every action, and unblocking for a blocked account', async () => {
    open(
      'admin',
      detail({ blocked: true, blockedAt: '2025-10-01T12:00:00.000Z', blockedReason: 'Fraude' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Joana Cliente' });
    expect(screen.getByText(/Motivo: Fraude/)).toBeVisible();
    const titles = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Conceder Premium',
      'Conceder tokens',
      'Encerrar sessões',
      'Desbloquear conta',
    ]);
  });

  it('offers the verification e-mail only to an unverified password account', async () => {
    open('support', detail({ verified: false, emailVerifiedAt: null }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Reenviar verificação' }),
    ).toBeVisible();
  });

  it('requires a reason before sending any action', async () => {
    const { api, user } = open('admin', detail(), {
      [`POST /admin/accounts/${USER_ID}/block`]: { message: ACCOUNTS_CONSOLE_MESSAGES.blocked },
    });
    await screen.findByRole('heading', { level: 1, name: 'Joana Cliente' });
    const block = actionCard('Bloquear conta');
    await user.click(within(block).getByRole('button', { name: 'Bloquear' }));
    expect(within(block).getByText(ACCOUNTS_CONSOLE_MESSAGES.reasonRequired)).toBeVisible();
    expect(within(block).getByRole('textbox', { name: 'Motivo' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.type(within(block).getByRole('textbox', { name: 'Motivo' }), '   ');
    await user.click(within(block).getByRole('button', { name: 'Bloquear' }));
    expect(api.calls(`POST /admin/accounts/${USER_ID}/block`)).toHaveLength(0);

    await user.type(within(block).getByRole('textbox', { name: 'Motivo' }), 'Uso indevido');
    await user.click(within(block).getByRole('button', { name: 'Bloquear' }));
    expect(await within(block).findByText(ACCOUNTS_CONSOLE_MESSAGES.blocked)).toBeVisible();
    expect(api.calls(`POST /admin/accounts/${USER_ID}/block`).map((call) => call.body)).toEqual([
      { motivo: '   Uso indevido' },
    ]);
  });

  it('sends the amount with the reason and shows the server refusal', async () => {
    const { api, user } = open('support', detail(), {
      [`POST /admin/accounts/${USER_ID}/tokens`]: apiError(
        400,
        'account/over-support-limit',
        ACCOUNTS_CONSOLE_MESSAGES.packagesOverSupportLimit(1),
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Joana Cliente' });
    const tokens = actionCard('Conceder tokens');
    const amount = within(tokens).getByRole('spinbutton', { name: 'Pacotes' });
    await user.clear(amount);
    await user.type(amount, '2');
    await user.type(within(tokens).getByRole('textbox', { name: 'Motivo' }), 'Falha na IA');
    await user.click(within(tokens).getByRole('button', { name: 'Conceder pacotes' }));
    expect(
      await within(tokens).findByText(ACCOUNTS_CONSOLE_MESSAGES.packagesOverSupportLimit(1)),
    ).toBeVisible();
    expect(api.calls(`POST /admin/accounts/${USER_ID}/tokens`).map((call) => call.body)).toEqual([
      { motivo: 'Falha na IA', pacotes: 2 },
    ]);
  });

  it('shows support its tabs, and /admin opens Contas for it', async () => {
    stubApi({
      'GET /auth/session': { user: staff('support') },
      'GET /admin/accounts': { items: [], next: null },
    });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contas' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/contas');
    const tabs = screen.getByRole('navigation', { name: 'Área de suporte' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Contas', 'Mensagens', 'Pagamentos']);
    // The menu names the area the role works in.
    expect(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', {
        name: 'Área de suporte',
      }),
    ).toHaveAttribute('href', '/admin');
  });
});
