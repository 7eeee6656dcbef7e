import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enemExamDetail, enemQuestionDetail, enemQuestions } from '@/test/catalog-fixtures';
import { noContentResponse, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const EXAM_ID = 'enem_2023_dia1';
const QUESTION_ID = 'enem_2023_dia1_ingles_1';

function stubEnemViewer(chosenOption: string | null) {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    [`GET /exams/${EXAM_ID}`]: enemExamDetail(chosenOption),
    [`GET /questions/${QUESTION_ID}`]: enemQuestionDetail('ingles_1', 1),
    [`POST /questions/${QUESTION_ID}/open`]: () => noContentResponse(),
  });
}

describe('/questoes with an exam of option blocks', () => {
  it("names the exam by its kind and the question's block", async () => {
    stubEnemViewer('ingles');
    renderApp(`/questoes?prova=${EXAM_ID}&q=${QUESTION_ID}`);
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    const header = screen.getByRole('heading', { level: 1, name: 'Questão 1' }).closest('header')!;
    expect(within(header).getByText('ENEM 2023 · INEP')).toBeVisible();
    expect(within(header).getByText('Opção: Inglês')).toBeVisible();
    expect(within(screen.getByRole('main')).queryByText(/concurso/i)).toBeNull();
  });

  it("shows the question's block opened from a search, which does not name the blocks", async () => {
    const [ingles] = enemQuestions();
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /questions/search': {
        items: [{ ...ingles!, examLabel: 'ENEM · INEP · 2023', excerpt: 'Read the text.' }],
        total: 1,
        totalCapped: false,
        nextCursor: null,
      },
      [`GET /questions/${QUESTION_ID}`]: enemQuestionDetail('ingles_1', 1),
      [`POST /questions/${QUESTION_ID}/open`]: () => noContentResponse(),
    });
    renderApp(`/questoes?busca=${encodeURIComponent('q=read')}&q=${QUESTION_ID}`);
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    const header = screen.getByRole('heading', { level: 1, name: 'Questão 1' }).closest('header')!;
    expect(within(header).getByText('Opção: Inglês')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para a busca' })).toBeVisible();
    expect(api.calls(`GET /exams/${EXAM_ID}`)).toEqual([]);
  });

  it('sends an exam whose option is not chosen yet to its dashboard, which asks for it', async () => {
    stubEnemViewer(null);
    const { router } = renderApp(`/questoes?prova=${EXAM_ID}&q=${QUESTION_ID}`);
    expect(
      await screen.findByRole('group', { name: 'Qual opção você vai fazer?' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prova-dashboard'));
    expect(router.state.location.search).toBe(`?prova=${EXAM_ID}`);
    expect(screen.queryByRole('radiogroup', { name: 'Alternativas' })).toBeNull();
  });

  it('opens a common question linked to before the choice, and asks for it at a block question', async () => {
    const COMMON_ID = 'enem_2023_dia1_6';
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      [`GET /exams/${EXAM_ID}`]: enemExamDetail(null),
      [`GET /questions/${COMMON_ID}`]: enemQuestionDetail('6', 6),
      [`POST /questions/${COMMON_ID}/open`]: () => noContentResponse(),
      [`GET /questions/${QUESTION_ID}`]: enemQuestionDetail('ingles_1', 1),
    });
    const { router } = renderApp(`/questoes?prova=${EXAM_ID}&q=${COMMON_ID}`);
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    expect(screen.getByRole('heading', { level: 1, name: 'Questão 6' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/questoes');

    // A block question asks for the choice first.
    await router.navigate(`/questoes?prova=${EXAM_ID}&q=${QUESTION_ID}`);
    expect(
      await screen.findByRole('group', { name: 'Qual opção você vai fazer?' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/prova-dashboard'));
  });
});
