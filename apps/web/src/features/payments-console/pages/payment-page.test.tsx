import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type PaymentDetail,
  type PaymentListItem,
  PAYMENTS_CONSOLE_MESSAGES,
  type SessionUser,
} from '@gabarita/shared';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const ID = '7d3a1c8e-4b1f-4c2a-9e2d-0a1b2c3d4e5f';
const staff = (role: SessionUser['role']): SessionUser => ({
  ...SIGNED_IN_USER,
  id: 'staff',
  name: 'Equipe',
  role,
});

const item: PaymentListItem = {
  id: ID,
  createdAt: '2025-09-01T12:00:00.000Z',
  userId: 'u1',
  email: 'joana@exemplo.com',
  name: 'Joana Cliente',
  productType: 'plan',
  productId: 'mensal',
  productName: 'Mensal',
  priceCentavos: 3490,
  status: 'paid',
  provider: 'mercadopago',
  providerPaymentId: '1300000001',
  providerStatus: 'approved',
  paidAt: '2025-09-01T12:01:00.000Z',
  grantedAt: '2025-09-01T12:01:01.000Z',
  reversedAt: null,
};

const detail: PaymentDetail = {
  purchase: {
    ...item,
    expiresAt: '2025-09-01T12:05:00.000Z',
    planDays: 30,
    validUntil: '2025-10-01T12:01:00.000Z',
    previousUntil: null,
    nextCheckAt: null,
    updatedAt: '2025-09-01T12:01:01.000Z',
  },
  serverProvider: 'mercadopago',
  timeline: [
    { at: '2025-09-01T12:00:00.000Z', kind: 'created', label: 'Compra criada', detail: null },
    {
      at: '2025-09-01T12:00:01.000Z',
      kind: 'charge',
      label: 'Cobrança PIX gerada no provedor',
      detail: null,
    },
    {
      at: '2025-09-01T12:01:00.000Z',
      kind: 'paid',
      label: 'Pagamento confirmado pelo provedor',
      detail: null,
    },
    { at: '2025-09-01T12:01:01.000Z', kind: 'granted', label: 'Premium liberado', detail: null },
  ],
  refundTakesBack: null,
};

function open(role: SessionUser['role'], routes = {}) {
  const api = stubApi({
    'GET /auth/session': { user: staff(role) },
    [`GET /admin/payments/${ID}`]: detail,
    ...routes,
  });
  return { api, ...renderApp(`/admin/pagamentos/${ID}`) };
}

describe('PaymentPage', () => {
  it('shows the purchase, its account and its timeline in order', async () => {
    open('support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plano Mensal' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Joana Cliente/ })).toHaveAttribute(
      'href',
      '/admin/contas/u1',
    );
    const steps = within(screen.getByRole('list', { name: 'Linha do tempo' }))
      .getAllByRole('listitem')
      .map((step) => step.firstChild?.textContent);
    expect(steps).toEqual([
      'Compra criada',
      'Cobrança PIX gerada no provedor',
      'Pagamento confirmado pelo provedor',
      'Premium liberado',
    ]);
  });

  it('lets support reconcile but not refund', async () => {
    const { api, user } = open('support', {
      [`POST /admin/payments/${ID}/reconcile`]: {
        message: PAYMENTS_CONSOLE_MESSAGES.reconciled,
        purchase: item,
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Plano Mensal' });
    expect(screen.queryByRole('heading', { name: 'Reembolsar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conciliar agora' }));
    expect(await screen.findByText(PAYMENTS_CONSOLE_MESSAGES.reconciled)).toBeVisible();
    expect(api.calls(`POST /admin/payments/${ID}/reconcile`)).toHaveLength(1);
  });

  it('requires a reason and a confirmation before an admin refunds, and shows the server refusal', async () => {
    const { api, user } = open('admin', {
      [`POST /admin/payments/${ID}/refund`]: apiError(
        400,
        'payment/already-refunded',
        PAYMENTS_CONSOLE_MESSAGES.alreadyRefunded,
      ),
    });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Reembolsar' })).closest(
      'section',
    )!;
    await user.click(within(card).getByRole('button', { name: 'Reembolsar' }));
    expect(within(card).getByText(PAYMENTS_CONSOLE_MESSAGES.reasonRequired)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(within(card).getByRole('textbox', { name: 'Motivo' }), 'Cobrança em dobro');
    await user.click(within(card).getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar esta compra?' });
    expect(dialog).toHaveTextContent(
      'R$ 34,90 voltam para Joana Cliente pelo Mercado Pago, e a conta perde os dias de Premium ainda por vir. Um reembolso não pode ser desfeito.',
    );
    // Cancelling asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls(`POST /admin/payments/${ID}/refund`)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Reembolsar' }));
    const again = await screen.findByRole('dialog', { name: 'Reembolsar esta compra?' });
    await user.click(within(again).getByRole('button', { name: 'Reembolsar' }));
    expect(await within(again).findByText(PAYMENTS_CONSOLE_MESSAGES.alreadyRefunded)).toBeVisible();
    expect(api.calls(`POST /admin/payments/${ID}/refund`).map((call) => call.body)).toEqual([
      { motivo: 'Cobrança em dobro' },
    ]);
  });

  it('says how many tokens a package refund takes back, on the card and in the confirmation', async () => {
    const pack: PaymentDetail = {
      ...detail,
      purchase: {
        ...detail.purchase,
        productType: 'package',
        productId: 'tokens',
        productName: 'Essencial',
        priceCentavos: 1990,
        planDays: null,
        validUntil: null,
      },
      refundTakesBack: { input: 78_000, output: 39_100 },
    };
    const { user } = open('admin', { [`GET /admin/payments/${ID}`]: pack });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Reembolsar' })).closest(
      'section',
    )!;
    expect(card).toHaveTextContent(
      'Os pacotes de uma conta são gastos do mais antigo para o mais novo',
    );
    expect(card).toHaveTextContent(
      'Se reembolsada agora, saem da conta 78.000 tokens de entrada e 39.100 de saída, o que resta deste pacote.',
    );
    await user.type(within(card).getByRole('textbox', { name: 'Motivo' }), 'Pedido do cliente');
    await user.click(within(card).getByRole('button', { name: 'Reembolsar' }));
    expect(
      await screen.findByRole('dialog', { name: 'Reembolsar esta compra?' }),
    ).toHaveTextContent(
      'R$ 19,90 voltam para Joana Cliente pelo Mercado Pago, e saem da conta 78.000 tokens de entrada e 39.100 de saída, o que resta deste pacote.',
    );
  });

  it('lists payments with the filters in the address', async () => {
    const api = stubApi({
      'GET /auth/session': { user: staff('support') },
      'GET /admin/payments': { items: [item], total: 1, page: 1, next: null },
    });
    renderApp('/admin/pagamentos?status=paid&produto=mensal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Pagamentos encontrados' });
    expect(within(list).getByRole('link')).toHaveAttribute('href', `/admin/pagamentos/${ID}`);
    const search = new URLSearchParams(api.calls('GET /admin/payments')[0]!.search);
    expect(Object.fromEntries(search)).toEqual({ status: 'paid', produto: 'mensal' });
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('paid');
  });
});
