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
    item(3, { dueDay: '2026-12-01', step: 3 }),
  ],
  disciplines: [{ code: 'matematica', name: 'Matemática', subjects: ['Frações'] }],
};

describe('/caderno-de-erros', () => {
  it(
    'lists due and coming questions, makes a card in one tap, counts today in the menu, and Refazer walks the notebook',
    { timeout: 30_000 },
    async () => {
      const api = stubApi({
        'GET /auth/session': { user: PREMIUM },
        'GET /me/review': NOTEBOOK,
        'GET /me/review/today/count': { dueCount: 1, estimatedMinutes: 2 },
        'GET /questions/cmvv_2017_matematica_prova_1': questionDetail(1),
        'GET /questions/cmvv_2017_matematica_prova_2': questionDetail(2),
        'POST /questions/cmvv_2017_matematica_prova_1/open': () => noContentResponse(),
        'POST /questions/cmvv_2017_matematica_prova_2/open': () => noContentResponse(),
        'POST /me/flashcards/from-question': {
          id: '00000000-0000-4000-8000-000000000001',
          front: 'Enunciado',
          back: 'Gabarito: A',
          disciplineCode: 'matematica',
          disciplineName: 'Matemática',
          subject: 'Frações',
          sourceQuestionId: 'cmvv_2017_matematica_prova_1',
          flaggedBecause: null,
          dueDay: '2026-11-20',
          createdAt: '2026-11-20T12:00:00.000Z',
        },
      });
      const { user } = renderApp('/caderno-de-erros');
      const today = await screen.findByRole('region', { name: /Para revisar hoje/ });
      expect(within(today).getByRole('link')).toHaveTextContent('Revisar hoje');
      const coming = within(screen.getByRole('region', { name: /Próximas revisões/ })).getAllByRole(
        'link',
      );
      expect(coming[0]).toHaveTextContent('Próxima revisão em 24/11/2026');
      expect(coming[1]).toHaveTextContent('Próxima revisão em 01/12/2026 · 3 acertos seguidos');

      // One tap makes a card of a mistake.
      await user.click(within(today).getByRole('button', { name: 'Criar cartão' }));
      expect(await within(today).findByRole('status')).toHaveTextContent('Cartão criado.');
      expect(api.calls('POST /me/flashcards/from-question')[0]?.body).toEqual({
        questionId: 'cmvv_2017_matematica_prova_1',
      });
      const menu = screen.getByRole('navigation', { name: 'Menu principal' });
      expect(
        await within(menu).findByRole('link', {
          name: /Revisão de hoje\s*1 item para revisar hoje/,
        }),
      ).toBeVisible();

      await user.click(within(today).getAllByRole('link')[0]!);
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
    expect(api.calls('GET /me/review/today/count')).toHaveLength(0);
  });
});
