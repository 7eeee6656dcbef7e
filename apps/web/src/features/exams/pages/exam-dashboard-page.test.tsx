import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { examDetail, questionCard } from '@/test/catalog-fixtures';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

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

  it('shows the source, tags annulled and outdated questions, and hides outdated ones on request', async () => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      [EXAM_PATH]: examDetail(
        [
          questionCard(1, { response: 'c' }),
          questionCard(2, { status: 'annulled', response: 'e' }),
          questionCard(3, { status: 'outdated' }),
        ],
        {
          questionCount: 2,
          annulledCount: 1,
          outdatedCount: 1,
          source: {
            origem: 'Caderno de provas publicado pela banca',
            licenca: 'CC BY 4.0',
            url: 'https://example.org/prova.pdf',
          },
        },
      ),
    });
    const { user, router } = renderApp('/prova-dashboard?prova=cmvv_2017_matematica_prova');
    const source = await screen.findByText('Caderno de provas publicado pela banca');
    expect(source).toHaveAttribute('href', 'https://example.org/prova.pdf');
    expect(source.closest('p')).toHaveTextContent(
      'Fonte: Caderno de provas publicado pela banca · Licença: CC BY 4.0',
    );
    // The annulled question is listed, but counts nowhere: not even its old wrong answer.
    expect(screen.getByText(/^2 questões/)).toHaveTextContent(
      '2 questões · 1 anulada · 1 certa(s) · 0 errada(s)',
    );

    const grid = screen.getByRole('list', { name: 'Questões da prova' });
    const tiles = within(grid).getAllByRole('link');
    expect(tiles[1]).toHaveTextContent('Anulada');
    expect(within(tiles[1]!).queryByRole('img', { name: 'Respondida incorretamente' })).toBeNull();
    expect(tiles[2]).toHaveTextContent('Desatualizada');

    await user.click(
      screen.getByRole('checkbox', { name: `${CATALOG_MESSAGES.hideOutdated} (1)` }),
    );
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
    expect(router.state.location.search).toBe(
      '?prova=cmvv_2017_matematica_prova&desatualizadas=ocultar',
    );
    expect(within(grid).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/questoes?prova=cmvv_2017_matematica_prova&desatualizadas=ocultar&q=cmvv_2017_matematica_prova_1',
    );
  });
});
