import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewResponse } from '@gabarita/shared';
import { questionCard, questionDetail } from '@/test/catalog-fixtures';
import { noContentResponse, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const PREMIUM = { ...SIGNED_IN_USER, accountType: 'premium' as const };

function item(number: number, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    ...questionCard(number),
    response: 'e',
    examLabel: 'Professor — Câmara (2017)',
    excerpt: `Enunciado ${number}`,
    step: 0,
    dueDay: '2026-11-24',
    due: false,
    lastWrongAt: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}

const NOTEBOOK: ReviewResponse = {
  dueToday: 1,
  total: 3,
  items: [
    item(1, { due: true, dueDay: '2026-11-20', step: 2 }),
    item(2),
    item(3, { dueDay: null, step: 4 }),
  ],
  disciplines: [{ code: 'matematica', name: 'Matemática', subjects: ['Frações'] }],
};

describe('/caderno-de-erros', () => {
  it(
    'lists due, coming and mastered questions, counts today in the menu, and Refazer walks the notebook',
    { timeout: 30_000 },
    async () => {
      const api = stubApi({
        'GET /auth/session': { user: PREMIUM },
        'GET /me/review': NOTEBOOK,
        'GET /me/review/count': { dueToday: 1 },
        'GET /questions/cmvv_2017_matematica_prova_1': questionDetail(1),
        'GET /questions/cmvv_2017_matematica_prova_2': questionDetail(2),
        'POST /questions/cmvv_2017_matematica_prova_1/open': () => noContentResponse(),
        'POST /questions/cmvv_2017_matematica_prova_2/open': () => noContentResponse(),
      });
      const { user } = renderApp('/caderno-de-erros');
      const today = await screen.findByRole('region', { name: /Para revisar hoje/ });
      expect(within(today).getByRole('link')).toHaveTextContent('Revisar hoje');
      expect(
        within(screen.getByRole('region', { name: /Próximas revisões/ })).getByRole('link'),
      ).toHaveTextContent('Próxima revisão em 24/11/2026 · 0 de 5 revisões certas');
      expect(
        within(screen.getByRole('region', { name: /Dominadas/ })).getByRole('link'),
      ).toHaveTextContent('Dominada');
      const menu = screen.getByRole('navigation', { name: 'Menu principal' });
      expect(
        await within(menu).findByRole('link', { name: /Caderno de erros\s*1 revisão de hoje/ }),
      ).toBeVisible();

      await user.click(within(today).getByRole('link'));
      expect(
        await screen.findByRole('link', { name: 'Voltar para o caderno de erros' }),
      ).toBeVisible();
      const navigation = await screen.findByRole('navigation', {
        name: 'Navegação entre questões',
      });
      expect(navigation).toHaveTextContent('1 / 3');
      await user.click(within(navigation).getByRole('button', { name: 'Próxima' }));
      expect((await screen.findAllByText('2 / 3')).length).toBeGreaterThan(0);
      expect(api.calls('GET /me/review').length).toBeGreaterThan(0);
    },
  );

  it('shows a free account what the notebook is, without asking for it', async () => {
    const api = stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
    renderApp('/caderno-de-erros');
    expect(await screen.findByText('Recurso Premium')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Conhecer o Premium' })).toHaveAttribute(
      'href',
      '/assinatura',
    );
    expect(api.calls('GET /me/review')).toHaveLength(0);
    expect(api.calls('GET /me/review/count')).toHaveLength(0);
  });
});
