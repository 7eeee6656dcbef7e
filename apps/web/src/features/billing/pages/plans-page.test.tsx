import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, SUBSCRIPTION_WARNINGS } from '@gabarita/shared';
import { plansResponse } from '@/test/billing-fixtures';
import { renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';
import { appInfo, GEMINI_TUTOR } from '@/test/tutor-fixtures';

function stubPlans(response = plansResponse()) {
  return stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER }, 'GET /plans': response });
}

describe('/assinatura', () => {
  it('warns about the question limit and offers the way back to the question', async () => {
    stubPlans();
    renderApp('/assinatura', {
      state: { reason: 'question_limit', returnTo: '/questoes?prova=p1_prova&q=p1_prova_4' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.questionLimit);
    expect(screen.getByRole('link', { name: 'Voltar para a questão' })).toHaveAttribute(
      'href',
      '/questoes?prova=p1_prova&q=p1_prova_4',
    );
  });

  it('warns about the AI limit from ?motivo= and ignores a way back to another site', async () => {
    stubPlans();
    renderApp('/assinatura?motivo=ai_limit&voltar=https://exemplo.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_WARNINGS.ai_limit);
    expect(screen.queryByRole('link', { name: 'Voltar para a questão' })).toBeNull();
  });

  it('offers what the install does: no Inteligência Artificial without a language model', async () => {
    stubPlans();
    renderApp('/assinatura');
    const advantages = await screen.findByRole('region', { name: 'Vantagens do Premium' });
    await within(advantages).findByText(/Perguntas ao tutor sobre cada questão/);
    expect(advantages).toHaveTextContent('Comentário da equipe em cada alternativa');
    expect(advantages).not.toHaveTextContent(/Inteligência Artificial|IA\b/);
    expect(screen.queryByText(/Inteligência Artificial/)).toBeNull();
  });

  it('lists the AI features where a language model writes the texts', async () => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /plans': plansResponse(),
      'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }),
    });
    renderApp('/assinatura');
    const advantages = await screen.findByRole('region', { name: 'Vantagens do Premium' });
    expect(
      await within(advantages).findByText('Chat com a Inteligência Artificial sobre a questão'),
    ).toBeVisible();
  });

  it('shows no warning without a reason', async () => {
    stubPlans();
    renderApp('/assinatura?motivo=outro');
    expect(await screen.findByRole('heading', { name: 'Planos de Assinatura' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the seven plans and the package with the prices the server sent', async () => {
    stubPlans();
    renderApp('/assinatura');
    const cards = await screen.findAllByRole('button', { name: /^Assinar / });
    expect(cards.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Assinar Diário',
      'Assinar Semanal',
      'Assinar Quinzenal',
      'Assinar Mensal',
      'Assinar Trimestral',
      'Assinar Semestral',
      'Assinar Anual',
    ]);
    const mensal = cards[3]!.closest('li')!;
    expect(within(mensal).getByText('30 dias de acesso Premium')).toBeVisible();
    expect(within(mensal).getByText('R$ 52,90').tagName).toBe('DEL');
    expect(within(mensal).getByText('R$ 34,90')).toBeVisible();
    const pack = screen.getByRole('region', { name: 'Pacote de tokens Essencial' });
    expect(pack).toHaveTextContent('80.000 tokens de entrada e 40.000 tokens de saída');
    expect(within(pack).getByRole('button', { name: 'Comprar Pacote' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Sua situação atual' })).toHaveTextContent(
      'Conta Gratuita',
    );
  });

  it('shows the plan end and the package balance before buying', async () => {
    stubPlans(
      plansResponse({
        accountType: 'premium',
        plan: {
          startedAt: '2026-11-01T12:00:00.000Z',
          endsOn: '2026-12-01',
          endsAt: '2026-12-01T14:59:59.999Z',
          daysRemaining: 8,
        },
        packageBalance: { input: 12_345, output: 6_789 },
      }),
    );
    renderApp('/assinatura');
    const holdings = await screen.findByRole('region', { name: 'Sua situação atual' });
    expect(holdings).toHaveTextContent('Premium até 01/12/2026, 11:59:59');
    expect(holdings).toHaveTextContent('8 dias restantes');
    expect(holdings).toHaveTextContent('12.345 de entrada · 6.789 de saída');
  });

  it("takes 'Assinar' to /pagamento with the product and its type", async () => {
    stubPlans();
    const { user, router } = renderApp('/assinatura');
    await user.click(await screen.findByRole('button', { name: 'Assinar Mensal' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento via PIX' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/pagamento');
    expect(router.state.location.state).toEqual({ product: 'mensal', productType: 'plano' });
  });
});
