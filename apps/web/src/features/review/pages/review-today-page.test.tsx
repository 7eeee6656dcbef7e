import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewQueueResponse } from '@gabarita/shared';
import { questionDetail } from '@/test/catalog-fixtures';
import {
  apiError,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type StubbedRequest,
} from '@/test/render-app';

const PREMIUM = { ...SIGNED_IN_USER, accountType: 'premium' as const };
const QUESTION_GUID = '11111111-1111-4111-8111-111111111111';
const CARD_GUID = '22222222-2222-4222-8222-222222222222';
const previews = [
  { rating: 1, dueDay: '2026-11-21', days: 1 },
  { rating: 2, dueDay: '2026-11-23', days: 3 },
  { rating: 3, dueDay: '2026-11-24', days: 4 },
  { rating: 4, dueDay: '2026-12-05', days: 15 },
];
const detail = questionDetail(1);

const QUEUE: ReviewQueueResponse = {
  dueCount: 2,
  estimatedMinutes: 2,
  desiredRetention: 0.9,
  items: [
    {
      kind: 'question',
      id: QUESTION_GUID,
      dueDay: '2026-11-20',
      previews,
      question: {
        id: detail.id,
        number: 1,
        disciplineName: 'Matemática',
        subject: 'Frações',
        statementHtml: detail.statementHtml,
        alternatives: detail.alternatives,
        answerLetter: 'A',
        figures: detail.figures,
      },
    },
    {
      kind: 'flashcard',
      id: CARD_GUID,
      dueDay: '2026-11-20',
      previews,
      flashcard: {
        id: CARD_GUID,
        front: 'Qual é o prazo?',
        back: 'Dez dias.',
        disciplineCode: null,
        disciplineName: null,
        subject: null,
        sourceQuestionId: detail.id,
        flaggedBecause: 'O gabarito da questão de origem mudou.',
        dueDay: '2026-11-20',
        createdAt: '2026-11-19T12:00:00.000Z',
      },
    },
  ],
};

const result = (rating: number, id: string) => ({
  clientId: '33333333-3333-4333-8333-333333333333',
  itemId: id,
  rating,
  applied: true,
  dueDay: '2026-11-24',
  days: 4,
});

describe('/revisao-de-hoje', () => {
  it('answers a question first, then rates it by key with the intervals shown; cards show their flag', async () => {
    const api = stubApi({
      'GET /auth/session': { user: PREMIUM },
      'GET /me/review/today': QUEUE,
      'GET /me/review/today/count': { dueCount: 1, estimatedMinutes: 2 },
      'GET /me/flashcards': { items: [] },
      'GET /disciplines': { disciplines: [] },
      [`GET /questions/${detail.id}`]: detail,
      'POST /me/review/reviews': (request: StubbedRequest) => {
        const body = request.body as { rating: number; itemId: string };
        return result(body.rating, body.itemId);
      },
    });
    const { user } = renderApp('/revisao-de-hoje');
    const item = await screen.findByRole('region', { name: 'Item da revisão' });
    expect(screen.getByText('Itens para hoje')).toBeVisible();
    expect(screen.getByText('2 min')).toBeVisible();
    // Before answering, no rating: the key 3 does nothing.
    await user.keyboard('3');
    expect(api.calls('POST /me/review/reviews')).toHaveLength(0);

    await user.click(within(item).getByRole('radio', { name: /^A\)/ }));
    await user.click(within(item).getByRole('button', { name: 'Responder' }));
    expect(within(item).getByRole('status')).toHaveTextContent('Você acertou.');
    expect(within(item).queryByRole('button', { name: /Errei/ })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Difícil · 3 dias' })).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Bom · 4 dias' })).toHaveFocus();
    expect(within(item).getByRole('button', { name: 'Fácil · 15 dias' })).toBeVisible();
    await user.keyboard('4');

    expect(await within(item).findByText('Qual é o prazo?')).toBeVisible();
    const [sent] = api.calls('POST /me/review/reviews');
    expect(sent!.body).toMatchObject({ itemId: QUESTION_GUID, rating: 4, letter: 'A' });
    expect(within(item).getByText(/O gabarito da questão de origem mudou/)).toBeVisible();
    await user.keyboard(' ');
    expect(within(item).getByText('Dez dias.')).toBeVisible();
    await user.keyboard('1');
    expect(await screen.findByText(/Revisão de hoje concluída: 2 itens revisados/)).toBeVisible();
    expect(api.calls('POST /me/review/reviews')[1]!.body).toMatchObject({
      itemId: CARD_GUID,
      rating: 1,
    });
  });

  it('offers only Errei after a wrong answer, and the key 1 rates it', async () => {
    const api = stubApi({
      'GET /auth/session': { user: PREMIUM },
      'GET /me/review/today': { ...QUEUE, items: [QUEUE.items[0]!], dueCount: 1 },
      'GET /me/review/today/count': { dueCount: 1, estimatedMinutes: 2 },
      'GET /me/flashcards': { items: [] },
      'GET /disciplines': { disciplines: [] },
      [`GET /questions/${detail.id}`]: detail,
      'POST /me/review/reviews': result(1, QUESTION_GUID),
    });
    const { user } = renderApp('/revisao-de-hoje');
    const item = await screen.findByRole('region', { name: 'Item da revisão' });
    await user.click(within(item).getByRole('radio', { name: /^B\)/ }));
    await user.click(within(item).getByRole('button', { name: 'Responder' }));
    expect(within(item).getByRole('status')).toHaveTextContent('Você errou: o gabarito é A.');
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1Errei · 1 dia']);
    await user.keyboard('1');
    expect(await screen.findByText(/1 item revisado/)).toBeVisible();
    expect(api.calls('POST /me/review/reviews')[0]!.body).toMatchObject({ rating: 1, letter: 'B' });
  });
});

describe('/revisao-de-hoje without the question page', () => {
  it("draws a question's figures from the queue's own copy", async () => {
    const figure = {
      assetId: 'grafico_a',
      url: '/api/images/grafico_a?v=1',
      zoomUrl: null,
      width: 400,
      height: 200,
      minWidth: null,
    };
    const first = QUEUE.items[0]!;
    if (first.kind !== 'question') throw new Error('the first item is a question');
    const withFigure = {
      ...first,
      question: {
        ...first.question,
        statementHtml:
          '<p>Observe o gráfico.</p><figura imagem="grafico_a" alt="Gráfico de barras"></figura>',
        figures: [figure],
      },
    };
    stubApi({
      'GET /auth/session': { user: PREMIUM },
      'GET /me/review/today': { ...QUEUE, items: [withFigure], dueCount: 1 },
      'GET /me/review/today/count': { dueCount: 1, estimatedMinutes: 2 },
      'GET /me/flashcards': { items: [] },
      'GET /disciplines': { disciplines: [] },
      [`GET /questions/${detail.id}`]: apiError(503, 'server/unavailable', 'Indisponível.'),
    });
    renderApp('/revisao-de-hoje');
    const item = await screen.findByRole('region', { name: 'Item da revisão' });
    expect(within(item).getByRole('img', { name: 'Gráfico de barras' })).toHaveAttribute(
      'src',
      figure.url,
    );
  });
});
