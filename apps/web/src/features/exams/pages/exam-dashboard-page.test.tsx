import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { examDetail, questionCard } from '../../../test/catalog-fixtures';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '../../../test/render-app';

const EXAM_PATH = 'GET /exams/cmvv_2017_matematica_prova';

const QUESTIONS = [
  questionCard(1, { response: 'c' }),
  questionCard(2, { response: 'e', assunto: 'Geometria' }),
  questionCard(3, {
    disciplina: 'portugues',
    disciplinaNome: 'Língua Portuguesa',
    assunto: 'Crase',
  }),
];

describe('/prova-dashboard', () => {
  it("says 'Nenhuma prova selecionada' without an exam", async () => {
    stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
    renderApp('/prova-dashboard');
    expect(await screen.findByText(CATALOG_MESSAGES.noExamSelected)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para as provas' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows the title and the question grid with marks, narrowed by the discipline', async () => {
    stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER }, [EXAM_PATH]: examDetail(QUESTIONS) });
    const { user, router } = renderApp(
      '/prova-dashboard?prova=cmvv_2017_matematica_prova&disciplina=matematica',
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Professor de Matemática — Câmara Municipal de Valinhos, 2017, IBFC',
      }),
    ).toBeVisible();

    const grid = screen.getByRole('list', { name: 'Questões da prova' });
    const tiles = within(grid).getAllByRole('link');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0]!).getByRole('img', { name: 'Respondida corretamente' })).toBeVisible();
    expect(within(tiles[1]!).getByRole('img', { name: 'Respondida incorretamente' })).toBeVisible();
    expect(tiles[0]).toHaveAttribute(
      'href',
      '/questoes?prova=cmvv_2017_matematica_prova&disciplina=matematica&q=cmvv_2017_matematica_prova_1',
    );

    await user.click(screen.getByRole('button', { name: 'Remover filtro Disciplina: Matemática' }));
    expect(within(grid).getAllByRole('link')).toHaveLength(3);
    expect(router.state.location.search).toBe('?prova=cmvv_2017_matematica_prova');
  });

  it('says the selected exam could not be loaded', async () => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      [EXAM_PATH]: apiError(404, 'catalog/exam-not-found', CATALOG_MESSAGES.examNotFound),
    });
    renderApp('/prova-dashboard?prova=cmvv_2017_matematica_prova');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      CATALOG_MESSAGES.examLoadFailedSelected,
    );
  });
});
