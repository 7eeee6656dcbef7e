import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AI_MESSAGES,
  CATALOG_MESSAGES,
  COMMENT_ERROR_REPORT_TYPE,
  ERROR_REPORT_TYPES,
  MISSING_COMMENT_REPORT_TYPE,
  SUBSCRIPTION_WARNINGS,
} from '@gabarita/shared';
import { TUTOR_CUT_OFF_MESSAGE } from '@/domain/tutor/tutor-stream';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import {
  deferred,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';
import {
  FREE_TOKENS,
  GEMINI_TUTOR,
  OFFLINE_TUTOR,
  premiumBalance,
  premiumTokens,
  sseResponse,
  tutorAnswer,
  appInfo,
} from '@/test/tutor-fixtures';

const EXAM_ID = 'cmvv_2017_matematica_prova';
const qid = (number: number) => `${EXAM_ID}_${number}`;
const EXPLANATION = '**B** é o gabarito oficial: metade de 1 é 1/2.\n\nResumo: divida por dois.';

function stubTutor(routes: ApiRoutes = {}) {
  const questionRoutes: ApiRoutes = {};
  for (const number of [1, 2]) {
    questionRoutes[`GET /questions/${qid(number)}`] = questionDetail(number);
    questionRoutes[`POST /questions/${qid(number)}/open`] = () => noContentResponse();
    questionRoutes[`POST /questions/${qid(number)}/check`] = { correct: true, gabarito: 'B' };
  }
  return stubApi({
    'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
    'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }),
    'GET /me/tokens': premiumTokens(),
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1), questionCard(2)]),
    [`POST /questions/${qid(1)}/feedback`]: () => sseResponse(tutorAnswer(EXPLANATION)),
    ...questionRoutes,
    ...routes,
  });
}

async function renderAndCheck() {
  const app = renderApp(`/questoes?prova=${EXAM_ID}&q=${qid(1)}`);
  await screen.findByRole('radiogroup', { name: 'Alternativas' });
  await app.user.click(screen.getByRole('radio', { name: /^B\)/ }));
  await app.user.click(screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer }));
  await screen.findByText(CATALOG_MESSAGES.correct);
  // The tutor's panels load after the check; the chat is one of them, whatever the tutor.
  await screen.findByRole('region', { name: /^(Chat com a IA|Perguntas ao tutor offline)$/ });
  return app;
}

const explanationRegion = () => screen.getByRole('region', { name: 'Explicação da IA' });

describe('/questoes — the tutor', () => {
  it('streams the explanation right after the check and the counter drops', async () => {
    const api = stubTutor();
    await renderAndCheck();
    expect(await within(explanationRegion()).findByText(/divida por dois/)).toBeVisible();
    expect(within(explanationRegion()).getByText('B', { selector: 'strong' })).toBeVisible();
    expect(api.calls(`POST /questions/${qid(1)}/feedback`)[0]?.body).toEqual({});
    expect(screen.getByRole('region', { name: 'Contador de tokens' })).toHaveTextContent(
      'Hoje: 78.800 de entrada · 39.400 de saída',
    );
  });

  it("'Reanalisar com IA' asks for a new version", async () => {
    const api = stubTutor();
    const { user } = await renderAndCheck();
    await within(explanationRegion()).findByText(/divida por dois/);
    await user.click(screen.getByRole('button', { name: AI_MESSAGES.reanalyze }));
    await waitFor(() => expect(api.calls(`POST /questions/${qid(1)}/feedback`)).toHaveLength(2));
    expect(api.calls(`POST /questions/${qid(1)}/feedback`)[1]?.body).toEqual({ regenerate: true });
  });

  it("offers no 'Reanalisar' with the offline tutor, which would write the same text", async () => {
    stubTutor({
      'GET /app-info': appInfo({ tutor: OFFLINE_TUTOR }),
      [`POST /questions/${qid(1)}/feedback`]: () =>
        sseResponse(tutorAnswer(EXPLANATION, { tutor: OFFLINE_TUTOR })),
    });
    await renderAndCheck();
    const region = screen.getByRole('region', { name: 'Explicação do tutor offline' });
    await within(region).findByText(/divida por dois/);
    expect(screen.queryByRole('button', { name: AI_MESSAGES.reanalyze })).toBeNull();
  });

  it('holds Anterior/Próxima while the explanation is being written', async () => {
    const hold = deferred();
    stubTutor({
      [`POST /questions/${qid(1)}/feedback`]: () =>
        sseResponse(tutorAnswer(EXPLANATION).slice(0, 2), { hold: hold.promise }),
    });
    await renderAndCheck();
    await within(explanationRegion()).findByText(/gabarito oficial/);
    expect(screen.getByRole('button', { name: CATALOG_MESSAGES.next })).toBeDisabled();
    hold.resolve(undefined);
    // The stream ended without its last word: the explanation says it was cut short.
    expect(await within(explanationRegion()).findByText(TUTOR_CUT_OFF_MESSAGE)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: CATALOG_MESSAGES.next })).toBeEnabled(),
    );
  });

  it("shows the product's failure text when the provider fails mid-way, and retries", async () => {
    let calls = 0;
    stubTutor({
      [`POST /questions/${qid(1)}/feedback`]: () =>
        ++calls === 1
          ? sseResponse([
              tutorAnswer(EXPLANATION)[0]!,
              {
                event: 'error',
                data: { code: 'ai/provider-failed', message: AI_MESSAGES.feedbackServiceFailed },
              },
            ])
          : sseResponse(tutorAnswer(EXPLANATION)),
    });
    const { user } = await renderAndCheck();
    expect(await within(explanationRegion()).findByText(AI_MESSAGES.feedbackFailed)).toBeVisible();
    await user.click(within(explanationRegion()).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(explanationRegion()).findByText(/divida por dois/)).toBeVisible();
  });

  it('says plainly that the offline tutor is not AI', async () => {
    stubTutor({
      'GET /app-info': appInfo({ tutor: OFFLINE_TUTOR }),
      [`POST /questions/${qid(1)}/feedback`]: () =>
        sseResponse(tutorAnswer(EXPLANATION, { tutor: OFFLINE_TUTOR })),
    });
    await renderAndCheck();
    const region = await screen.findByRole('region', { name: 'Explicação do tutor offline' });
    expect(await within(region).findByText(AI_MESSAGES.offlineTutorNotice)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Explicação da IA' })).toBeNull();
    // How a server is configured is the operator's business, not shown to students.
    expect(document.body).not.toHaveTextContent(/AI_PROVIDER|GEMINI_API_KEY/);
  });

  it('invites a user without a plan or package to the plans, with no limit warning, and back here', async () => {
    const api = stubTutor({ 'GET /me/tokens': FREE_TOKENS });
    const { user, router } = await renderAndCheck();
    expect(api.calls(`POST /questions/${qid(1)}/feedback`)).toHaveLength(0);
    // The chat shows what it offers instead of a box to type into that cannot be used.
    const chat = screen.getByRole('region', { name: 'Chat com a IA' });
    expect(within(chat).queryByRole('textbox')).toBeNull();
    expect(chat).toHaveTextContent('Disponível no Premium ou com um pacote de tokens');
    expect(within(chat).getByRole('button', { name: 'Ver planos' })).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Ver explicação com IA' }));
    expect(await screen.findByRole('heading', { name: 'Planos de Assinatura' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/assinatura');
    expect(screen.queryByText(SUBSCRIPTION_WARNINGS.ai_limit)).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para a questão' })).toHaveAttribute(
      'href',
      `/questoes?prova=${EXAM_ID}&q=${qid(1)}`,
    );
  });

  it('chats: Enter sends, Shift+Enter breaks the line, the conversation goes back as history', async () => {
    const api = stubTutor({
      [`POST /questions/${qid(1)}/chat`]: (request: { body: unknown }) =>
        sseResponse(
          tutorAnswer(
            (request.body as { history: unknown[] }).history.length === 0
              ? 'Porque 1/2 é metade.'
              : 'Outro exemplo: 2/4.',
            { feature: 'chat', tokens: premiumBalance({ input: 2_000, output: 900 }) },
          ),
        ),
    });
    const { user } = await renderAndCheck();
    const input = screen.getByLabelText('Sua pergunta sobre a questão');
    await user.type(input, 'Por que B?{Shift>}{Enter}{/Shift}Explique');
    expect(input).toHaveValue('Por que B?\nExplique');
    await user.keyboard('{Enter}');
    const conversation = await screen.findByRole('list', { name: 'Conversa' });
    expect(await within(conversation).findByText('Porque 1/2 é metade.')).toBeVisible();
    expect(input).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Dê um exemplo' }));
    expect(await within(conversation).findByText('Outro exemplo: 2/4.')).toBeVisible();
    expect(api.calls(`POST /questions/${qid(1)}/chat`)[1]?.body).toEqual({
      message: 'Dê um exemplo',
      history: [
        { role: 'user', text: 'Por que B?\nExplique' },
        { role: 'model', text: 'Porque 1/2 é metade.' },
      ],
    });
  });

  it('suggests asking about the wrong choice and the key, and no example from the offline tutor', async () => {
    stubTutor({
      'GET /app-info': appInfo({ tutor: OFFLINE_TUTOR }),
      [`POST /questions/${qid(1)}/check`]: { correct: false, gabarito: 'B' },
    });
    const { user } = renderApp(`/questoes?prova=${EXAM_ID}&q=${qid(1)}`);
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    await user.click(screen.getByRole('radio', { name: /^A\)/ }));
    await user.click(screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer }));
    await screen.findByText(CATALOG_MESSAGES.wrong('B'));
    const suggestions = await screen.findByRole('group', { name: 'Sugestões de pergunta' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Por que a A está errada?',
      'Por que a B está correta?',
      'Explique de outro jeito',
      'Qual a regra/lei envolvida?',
    ]);
  });

  it('suggests an example only from a language model, and never the key as wrong', async () => {
    stubTutor();
    await renderAndCheck();
    const suggestions = await screen.findByRole('group', { name: 'Sugestões de pergunta' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Por que a B está correta?',
      'Explique de outro jeito',
      'Dê um exemplo',
      'Qual a regra/lei envolvida?',
    ]);
  });

  it('stops a reply on request and sends nothing while one is pending', async () => {
    const hold = deferred();
    stubTutor({
      [`POST /questions/${qid(1)}/chat`]: () =>
        sseResponse(tutorAnswer('Uma resposta longa', { feature: 'chat' }).slice(0, 2), {
          hold: hold.promise,
        }),
    });
    const { user } = await renderAndCheck();
    await user.type(screen.getByLabelText('Sua pergunta sobre a questão'), 'Explique{Enter}');
    await screen.findByText(/Uma resp/);
    expect(screen.getByRole('button', { name: 'Dê um exemplo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Parar a resposta' }));
    expect(await screen.findByText('Resposta interrompida.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dê um exemplo' })).toBeEnabled();
    hold.resolve(undefined);
  });

  it('offers the AI report types once the AI wrote about the question', async () => {
    stubTutor();
    const { user } = await renderAndCheck();
    await within(explanationRegion()).findByText(/divida por dois/);
    await user.click(screen.getByRole('button', { name: 'Reportar erro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar erro na questão' });
    const radios = within(dialog).getAllByRole('radio');
    // Whether the question has a comment is not known here: neither of the comment's types.
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(
      ERROR_REPORT_TYPES.filter(
        (type) => type !== COMMENT_ERROR_REPORT_TYPE && type !== MISSING_COMMENT_REPORT_TYPE,
      ),
    );
  });
});
