import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES,
  type QuestionDetail,
  SIMULADO_IN_PROGRESS_CODE,
  SIMULADO_MESSAGES,
} from '@gabarita/shared';
import { disciplinePage, examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import {
  apiError,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';

const EXAM_ID = 'cmvv_2017_matematica_prova';
const qid = (number: number) => `${EXAM_ID}_${number}`;
const EXAM_QUESTIONS = [questionCard(1), questionCard(2), questionCard(3)];

function stubViewer(routes: ApiRoutes = {}, details: Record<number, Partial<QuestionDetail>> = {}) {
  const questionRoutes: ApiRoutes = {};
  for (const number of [1, 2, 3]) {
    questionRoutes[`GET /questions/${qid(number)}`] = questionDetail(number, details[number]);
    questionRoutes[`POST /questions/${qid(number)}/open`] = () => noContentResponse();
  }
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    [`GET /exams/${EXAM_ID}`]: examDetail(EXAM_QUESTIONS),
    ...questionRoutes,
    ...routes,
  });
}

async function renderViewer(path = `/questoes?prova=${EXAM_ID}&q=${qid(1)}`) {
  const app = renderApp(path);
  await screen.findByRole('radiogroup', { name: 'Alternativas' });
  return app;
}

const checkButton = () => screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer });
const radio = (letter: string) => screen.getByRole('radio', { name: new RegExp(`^${letter}\\)`) });

describe('/questoes', () => {
  it('says nothing was loaded without an exam or a discipline', async () => {
    stubViewer();
    renderApp('/questoes');
    expect(await screen.findByText(CATALOG_MESSAGES.nothingLoaded)).toBeVisible();
  });

  it('shows the header, the statement sanitized again, and registers the view once', async () => {
    const api = stubViewer(
      {},
      {
        1: {
          statementHtml:
            '<p>Quanto é <strong>1/2</strong>?</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
          referenceTexts: [{ key: 'id_texto', html: '<p>Texto de apoio</p>' }],
          image: {
            assetId: 'grafico',
            url: '/imagens/grafico.svg',
            description: 'Gráfico de barras',
          },
        },
      },
    );
    await renderViewer();
    expect(screen.getByRole('heading', { level: 1, name: 'Questão 1' })).toBeVisible();
    expect(
      screen.getByText('Professor de Matemática — Câmara Municipal de Valinhos, 2017, IBFC'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para a prova' })).toHaveAttribute(
      'href',
      `/prova-dashboard?prova=${EXAM_ID}`,
    );

    const statement = screen.getByRole('region', { name: 'Enunciado' });
    expect(statement).toHaveTextContent('Quanto é 1/2?');
    expect(statement.querySelector('script, [onerror]')).toBeNull();
    expect(within(statement).getByRole('img', { name: 'Gráfico de barras' })).toHaveAttribute(
      'src',
      '/imagens/grafico.svg',
    );
    expect(screen.getByRole('region', { name: 'Texto de referência' })).toHaveTextContent(
      'Texto de apoio',
    );
    expect(screen.getByRole('region', { name: 'Tutor' })).toHaveTextContent(
      'Depois de verificar o gabarito, veja a explicação da questão',
    );
    // Registered once the question is on screen.
    await waitFor(() => expect(api.calls(`POST /questions/${qid(1)}/open`)).toHaveLength(1));
    expect(api.calls(`POST /questions/${qid(1)}/open`)[0]?.body).toEqual({});
  });

  it('keeps the button off until a choice, then says the answer is correct', async () => {
    const api = stubViewer({
      [`POST /questions/${qid(1)}/check`]: { correct: true, gabarito: 'B' },
    });
    const { user } = await renderViewer();
    expect(checkButton()).toBeDisabled();

    await user.click(radio('B'));
    expect(radio('B')).toBeChecked();
    expect(checkButton()).toBeEnabled();
    await user.click(checkButton());

    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
    expect(api.calls(`POST /questions/${qid(1)}/check`)[0]?.body).toEqual({ letter: 'B' });
    expect(checkButton()).toBeDisabled();
    expect(radio('A')).toBeDisabled();
  });

  it('says the answer is wrong and highlights the correct alternative', async () => {
    stubViewer({ [`POST /questions/${qid(1)}/check`]: { correct: false, gabarito: 'C' } });
    const { user } = await renderViewer();
    await user.click(radio('A'));
    await user.click(checkButton());

    expect(await screen.findByText(CATALOG_MESSAGES.wrong('C'))).toBeVisible();
    expect(radio('C').closest('label')).toHaveTextContent('Alternativa correta');
    expect(radio('A').closest('label')).toHaveTextContent('Sua resposta');
    expect(checkButton()).toBeDisabled();
  });

  it('chooses with the letter keys and checks with Enter', async () => {
    const api = stubViewer({
      [`POST /questions/${qid(1)}/check`]: { correct: true, gabarito: 'C' },
    });
    const { user } = await renderViewer();
    await user.keyboard('c');
    expect(radio('C')).toBeChecked();
    expect(radio('C')).toHaveFocus();
    await user.keyboard('d');
    expect(radio('D')).toBeChecked();
    await user.keyboard('{Enter}');

    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
    expect(api.calls(`POST /questions/${qid(1)}/check`)[0]?.body).toEqual({ letter: 'D' });
  });

  it('moves between questions, resetting the choice and updating ?q', async () => {
    const api = stubViewer();
    const { user, router } = await renderViewer();
    const nav = screen.getByRole('navigation', { name: 'Navegação entre questões' });
    expect(nav).toHaveTextContent('1 / 3');
    expect(within(nav).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(radio('A'));
    await user.click(within(nav).getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Questão 2' })).toBeVisible();
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    expect(router.state.location.search).toBe(`?prova=${EXAM_ID}&q=${qid(2)}`);
    expect(screen.getByRole('navigation', { name: 'Navegação entre questões' })).toHaveTextContent(
      '2 / 3',
    );
    expect(screen.getAllByRole('radio').some((input) => (input as HTMLInputElement).checked)).toBe(
      false,
    );
    expect(checkButton()).toBeDisabled();
    await waitFor(() => expect(api.calls(`POST /questions/${qid(2)}/open`)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Questão 1' })).toBeVisible();
    expect(router.state.location.search).toBe(`?prova=${EXAM_ID}&q=${qid(1)}`);
  });

  it('reopens an answered question with no selection, recalling the first answer', async () => {
    const api = stubViewer(
      { [`POST /questions/${qid(2)}/check`]: { correct: true, gabarito: 'D' } },
      { 2: { recordedAnswer: { letter: 'A', response: 'e', answeredAt: '2026-11-21T15:00:00Z' } } },
    );
    const { user } = await renderViewer(`/questoes?prova=${EXAM_ID}&q=${qid(2)}`);
    expect(screen.getByText(CATALOG_MESSAGES.recordedAnswer('A', '21/11/2026'))).toBeVisible();
    expect(screen.queryByText(CATALOG_MESSAGES.wrong('D'))).toBeNull();
    for (const letter of ['A', 'B', 'C', 'D']) expect(radio(letter)).not.toBeChecked();
    expect(checkButton()).toBeDisabled();

    await user.click(radio('D'));
    await user.click(checkButton());
    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
    expect(api.calls(`POST /questions/${qid(2)}/check`)).toHaveLength(1);
  });

  it("shows a free account the day's checks left, and updates them after a check", async () => {
    let remaining = 2;
    stubViewer({
      'GET /me/question-checks': () =>
        Response.json({ limit: 3, used: 3 - remaining, remaining, packageCheckTokens: null }),
      [`POST /questions/${qid(1)}/check`]: () => {
        remaining -= 1;
        return Response.json({ correct: true, gabarito: 'B' });
      },
    });
    const { user } = await renderViewer();
    const left = await screen.findByText(/questões hoje/);
    expect(left).toHaveTextContent(
      'Verificações restantes na conta gratuita: 2 de 3 questões hoje',
    );
    await user.click(radio('B'));
    await user.click(checkButton());
    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
    await within(left.parentElement!).findByText('1');
    expect(screen.getByText(/questões hoje/)).toHaveTextContent('1 de 3 questões hoje');
  });

  it('says before a check past the free limit what it takes from the package', async () => {
    stubViewer({
      'GET /me/question-checks': {
        limit: 3,
        used: 3,
        remaining: 0,
        packageCheckTokens: 1000,
      },
      [`POST /questions/${qid(1)}/check`]: { correct: true, gabarito: 'B' },
    });
    const { user } = await renderViewer();
    expect(
      await screen.findByText('Esta conferência usa 1.000 tokens do seu pacote'),
    ).toBeVisible();
    await user.click(radio('B'));
    await user.click(checkButton());
    expect(await screen.findByText(CATALOG_MESSAGES.correct)).toBeVisible();
    // Spent: the notice does not stay under the result as if it were about this check.
    expect(screen.queryByText(/tokens do seu pacote/)).toBeNull();
    expect(screen.getByText(/questões hoje/)).toHaveTextContent('0 de 3 questões hoje');
  });

  it('keeps the choice when the free limit stops a check, and offers the plans with the way back', async () => {
    sessionStorage.clear();
    stubViewer({
      [`POST /questions/${qid(1)}/check`]: apiError(
        402,
        'limit/question',
        CATALOG_MESSAGES.questionLimit,
      ),
    });
    const { user, router } = await renderViewer();
    await user.click(radio('B'));
    await user.click(checkButton());

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(CATALOG_MESSAGES.questionLimit);
    expect(warning).toHaveTextContent('Sua resposta (B) fica guardada');
    // Where the user is looking: the outcome takes the focus (and is scrolled into view).
    await waitFor(() => expect(warning.parentElement).toHaveFocus());
    // Still on the question, with the choice kept.
    expect(router.state.location.pathname).toBe('/questoes');
    expect(radio('B')).toBeChecked();

    await user.click(within(warning).getByRole('link', { name: 'Ver planos' }));
    expect(await screen.findByRole('heading', { name: 'Planos de Assinatura' })).toBeVisible();
    const returnTo = `/questoes?prova=${EXAM_ID}&q=${qid(1)}`;
    expect(router.state.location.search).toBe(
      `?${new URLSearchParams({ motivo: 'question_limit', voltar: returnTo }).toString()}`,
    );
    expect(router.state.location.state).toEqual({ reason: 'question_limit', returnTo });

    // Back on the question (after subscribing), the choice is waiting.
    await user.click(screen.getByRole('link', { name: 'Voltar para a questão' }));
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    expect(radio('B')).toBeChecked();
    expect(checkButton()).toBeEnabled();
  });

  it('says a running simulado holds the question, and leads to the simulados', async () => {
    stubViewer({
      [`POST /questions/${qid(1)}/check`]: apiError(
        409,
        SIMULADO_IN_PROGRESS_CODE,
        SIMULADO_MESSAGES.questionInRunning,
      ),
      'GET /simulados': { items: [] },
    });
    const { user, router } = await renderViewer();
    await user.click(radio('B'));
    await user.click(checkButton());

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(SIMULADO_MESSAGES.questionInRunning);
    expect(screen.queryByText(CATALOG_MESSAGES.correct)).toBeNull();
    await user.click(within(notice).getByRole('link', { name: 'Ir para meus simulados' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulados'));
  });

  it('walks every page of a discipline and goes back to the disciplines', async () => {
    stubViewer({
      'GET /disciplines/matematica/questions': (request: { search: string }) =>
        request.search.includes('cursor=2')
          ? disciplinePage([questionCard(3)], { total: 3 })
          : disciplinePage([questionCard(1), questionCard(2)], { total: 3, nextCursor: '2' }),
    });
    await renderViewer(`/questoes?disciplina=matematica&q=${qid(3)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Questão 3' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Navegação entre questões' })).toHaveTextContent(
      '3 / 3',
    );
    expect(screen.getByRole('link', { name: 'Voltar para as disciplinas' })).toHaveAttribute(
      'href',
      '/conteudo-didatico?disciplina=matematica',
    );
  });

  it('refreshes the marks of the exam after a check', async () => {
    let answered = false;
    const api = stubViewer({
      [`GET /exams/${EXAM_ID}`]: () =>
        examDetail(
          answered
            ? [questionCard(1, { response: 'c' }), ...EXAM_QUESTIONS.slice(1)]
            : EXAM_QUESTIONS,
        ),
      [`POST /questions/${qid(1)}/check`]: () => {
        answered = true;
        return { correct: true, gabarito: 'B' };
      },
    });
    const { user } = await renderViewer();
    await user.click(radio('B'));
    await user.click(checkButton());
    await screen.findByText(CATALOG_MESSAGES.correct);

    await user.click(screen.getByRole('link', { name: 'Voltar para a prova' }));
    const grid = await screen.findByRole('list', { name: 'Questões da prova' });
    expect(await within(grid).findByRole('img', { name: 'Respondida corretamente' })).toBeVisible();
    expect(api.calls(`GET /exams/${EXAM_ID}`).length).toBeGreaterThanOrEqual(2);
  });
});
