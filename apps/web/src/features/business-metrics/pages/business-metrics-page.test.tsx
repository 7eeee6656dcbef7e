import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_METRICS_MESSAGES,
  type BusinessMetrics,
  type MetricsDay,
  type SessionUser,
} from '@gabarita/shared';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const staff = (role: SessionUser['role']): SessionUser => ({
  ...SIGNED_IN_USER,
  id: 'staff',
  name: 'Equipe',
  role,
});
const none = { inputTokens: 0, outputTokens: 0, costMicroUsd: 0 };

function day(date: string, overrides: Partial<MetricsDay> = {}): MetricsDay {
  return {
    day: date,
    revenueCentavos: 0,
    planCentavos: 0,
    packageCentavos: 0,
    refundsCentavos: 0,
    approved: 0,
    failed: 0,
    expired: 0,
    refunded: 0,
    inputTokens: 0,
    outputTokens: 0,
    aiCostMicroUsd: 0,
    aiCostCentavos: 0,
    marginCentavos: 0,
    ai: { feedback: none, chat: none, didactic: none, comment_drafts: none },
    ...overrides,
  };
}

const METRICS: BusinessMetrics = {
  de: '2026-01-10',
  ate: '2026-01-11',
  usdBrlRate: 5.5,
  summary: {
    revenueCentavos: 5480,
    grossCentavos: 8970,
    refundsCentavos: 3490,
    aiCostMicroUsd: 1_000_000,
    aiCostCentavos: 550,
    marginCentavos: 4930,
    activePremium: 42,
    signups: 4,
    converted: 1,
    approved: 3,
    failed: 2,
    expired: 5,
    refunded: 1,
  },
  days: [
    day('2026-01-10', {
      revenueCentavos: 8970,
      planCentavos: 6980,
      packageCentavos: 1990,
      approved: 3,
      failed: 2,
      marginCentavos: 8970,
    }),
    day('2026-01-11', {
      revenueCentavos: -3490,
      refundsCentavos: 3490,
      refunded: 1,
      expired: 5,
      inputTokens: 1200,
      outputTokens: 300,
      aiCostMicroUsd: 1_000_000,
      aiCostCentavos: 550,
      marginCentavos: -4040,
      ai: {
        feedback: none,
        chat: { inputTokens: 1200, outputTokens: 300, costMicroUsd: 1_000_000 },
        didactic: none,
        comment_drafts: none,
      },
    }),
  ],
  products: [
    {
      productType: 'plan',
      productId: 'mensal',
      productName: 'Premium Mensal',
      approved: 2,
      grossCentavos: 6980,
      refunded: 1,
      refundsCentavos: 3490,
      netCentavos: 3490,
    },
  ],
  features: {
    feedback: none,
    chat: { inputTokens: 1200, outputTokens: 300, costMicroUsd: 1_000_000 },
    didactic: none,
    comment_drafts: none,
  },
};

describe('BusinessMetricsPage', () => {
  it('shows the summary, each chart with its table, products and payments', async () => {
    const api = stubApi({
      'GET /auth/session': { user: staff('admin') },
      'GET /admin/metrics': METRICS,
    });
    const { user } = renderApp('/admin/numeros?de=2026-01-10&ate=2026-01-11');

    const summary = await screen.findByRole('list', { name: 'Resumo do período' });
    expect(api.calls('GET /admin/metrics')[0]!.search).toBe('?de=2026-01-10&ate=2026-01-11');
    const card = (label: string) => within(summary).getByText(label).closest('li')!;
    expect(card('Receita')).toHaveTextContent('R$ 54,80');
    expect(card('Custo da IA')).toHaveTextContent('R$ 5,50');
    expect(card('Custo da IA')).toHaveTextContent('US$ 1,00 a R$ 5,5 por dólar');
    expect(card('Margem')).toHaveTextContent('R$ 49,30');
    expect(card('Premium ativos')).toHaveTextContent('42');
    expect(card('Conversão')).toHaveTextContent('25%');
    expect(screen.getByRole('link', { name: /Números/ })).toBeInTheDocument();

    // The charts are images named by their summaries; their numbers are in the tables.
    expect(
      await screen.findByRole('img', { name: /Receita por dia: R\$ 54,80 no período/ }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /Custo da IA por dia: US\$ 1,00/ }),
    ).toBeInTheDocument();

    await user.click(screen.getAllByText('Ver os números em tabela')[0]!);
    const revenue = screen.getByRole('table', { name: 'Receita e pagamentos por dia' });
    const refundDay = within(revenue).getByRole('row', { name: /^11\/01/ });
    expect(refundDay).toHaveTextContent('-R$ 34,90');
    const aiTable = screen.getByRole('table', { name: 'Custo da IA e margem por dia' });
    expect(within(aiTable).getByRole('row', { name: /^11\/01/ })).toHaveTextContent('R$ 5,50');

    const products = screen.getByRole('table', { name: 'Receita por produto' });
    expect(within(products).getByRole('row', { name: /Premium Mensal/ })).toHaveTextContent(
      'R$ 69,80',
    );
    expect(screen.getByText('Expirados ou cancelados').nextSibling).toHaveTextContent('5');
    expect(screen.getByText('Falhos ou recusados').nextSibling).toHaveTextContent('2');
  });

  it('asks for the chosen period and shows the server refusing it', async () => {
    const api = stubApi({
      'GET /auth/session': { user: staff('admin') },
      'GET /admin/metrics': (request: { search: string }) =>
        request.search.includes('de=2024')
          ? apiError(400, 'request/invalid', BUSINESS_METRICS_MESSAGES.rangeTooLong, {
              ate: BUSINESS_METRICS_MESSAGES.rangeTooLong,
            })
          : METRICS,
    });
    const { user } = renderApp('/admin/numeros');
    await screen.findByRole('list', { name: 'Resumo do período' });
    expect(api.calls('GET /admin/metrics')[0]!.search).toBe('');

    const from = screen.getByLabelText('De');
    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Ver período' }));
    await waitFor(() =>
      expect(api.calls('GET /admin/metrics').at(-1)!.search).toBe('?de=2024-01-01&ate=2026-01-11'),
    );
    expect(
      (await screen.findAllByText(BUSINESS_METRICS_MESSAGES.rangeTooLong)).length,
    ).toBeGreaterThan(0);
  });

  it('is for admins: support sees neither the tab nor the numbers', async () => {
    const api = stubApi({ 'GET /auth/session': { user: staff('support') } });
    renderApp('/admin/numeros');
    expect(await screen.findByText(/Esta área é da administração do Gabarita/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Números/ })).not.toBeInTheDocument();
    expect(api.calls('GET /admin/metrics')).toHaveLength(0);
  });
});
