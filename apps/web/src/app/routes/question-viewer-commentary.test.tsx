import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES,
  COMMENT_ERROR_REPORT_TYPE,
  MISSING_COMMENT_REPORT_TYPE,
  STUDY_TOOLS_MESSAGES,
  SUPPORT_MESSAGES,
  type QuestionCommentaryResponse,
} from '@gabarita/shared';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import {
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
  premiumTokens,
  sseResponse,
  tutorAnswer,
  appInfo,
} from '@/test/tutor-fixtures';

const EXAM_ID = 'cmvv_2017_matematica_prova';
const QUESTION_ID = `${EXAM_ID}_1`;

const UNLOCKED: QuestionCommentaryResponse = {
  available: true,
  summaryHtml: 'Metade de 1 é <strong>1/2</strong>.',
  author: { name: 'Equipe Gabarita', reviewedOn: '2026-11-26' },
  locked: false,
  reasons: [
    { letter: 'A', html: 'A é o dobro, não a metade.' },
    { letter: 'B', html: 'B divide por dois: 1 ÷ 2 = 1/2.' },
    { letter: 'C', html: 'C soma em vez de dividir.' },
  ],
  sources: [
    {
      kind: 'lei',
      reference: 'Lei nº 9.394/1996, art. 26',
      url: 'https://www.planalto.gov.br/ccivil_03/leis/l9394.htm',
    },
    { kind: 'doutrina', reference: 'Manual de frações, cap. 2', url: null },
  ],
};
const LOCKED: QuestionCommentaryResponse = {
  ...UNLOCKED,
  locked: true,
  reasons: [],
  sources: [],
};

function stubViewer(commentary: QuestionCommentaryResponse, routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
    'GET /app-info': appInfo({ tutor: OFFLINE_TUTOR }),
    'GET /me/tokens': premiumTokens(),
    [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1)]),
    [`GET /questions/${QUESTION_ID}`]: questionDetail(1),
    [`POST /questions/${QUESTION_ID}/open`]: () => noContentResponse(),
    [`POST /questions/${QUESTION_ID}/check`]: { correct: false, gabarito: 'B' },
    [`GET /questions/${QUESTION_ID}/commentary`]: commentary,
    [`POST /questions/${QUESTION_ID}/feedback`]: () =>
      sseResponse(tutorAnswer('Explicação escrita agora.', { tutor: OFFLINE_TUTOR })),
    ...routes,
  });
}

async function renderAndCheck(letter = 'A') {
  const app = renderApp(`/questoes?prova=${EXAM_ID}&q=${QUESTION_ID}`);
  await screen.findByRole('radiogroup', { name: 'Alternativas' });
  expect(screen.queryByRole('region', { name: 'Comentário' })).toBeNull();
  await app.user.click(screen.getByRole('radio', { name: new RegExp(`^${letter}\\)`) }));
  await app.user.click(screen.getByRole('button', { name: CATALOG_MESSAGES.checkAnswer }));
  return { ...app, section: await screen.findByRole('region', { name: 'Comentário' }) };
}

describe('/questoes — the comment', () => {
  it('shows the reasons after the check, the chosen and the right one first, with the basis', async () => {
    const api = stubViewer(UNLOCKED);
    const { section } = await renderAndCheck('A');
    expect(section).toHaveTextContent('Metade de 1 é 1/2.');
    const items = within(section).getAllByRole('listitem');
    expect(items.slice(0, 3).map((item) => item.textContent)).toEqual([
      'Alternativa A (incorreta) · sua respostaA é o dobro, não a metade.',
      'Alternativa B (correta)B divide por dois: 1 ÷ 2 = 1/2.',
      'Alternativa C (incorreta)C soma em vez de dividir.',
    ]);
    expect(within(section).getByRole('heading', { name: 'Fundamento' })).toBeVisible();
    const link = within(section).getByRole('link', { name: /Lei nº 9\.394\/1996, art\. 26/ });
    expect(link).toHaveAttribute('href', 'https://www.planalto.gov.br/ccivil_03/leis/l9394.htm');
    expect(link).toHaveAttribute('target', '_blank');
    expect(section).toHaveTextContent('Doutrina: Manual de frações, cap. 2');
    expect(section).toHaveTextContent('Comentário de Equipe Gabarita, revisado em 26/11/2026.');
    expect(api.calls(`GET /questions/${QUESTION_ID}/commentary`)).toHaveLength(1);
  });

  it('shows a free account the summary and what is behind the plans', async () => {
    stubViewer(LOCKED, {
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me/tokens': FREE_TOKENS,
    });
    const { section, user } = await renderAndCheck();
    expect(section).toHaveTextContent('Metade de 1 é 1/2.');
    expect(section).toHaveTextContent(STUDY_TOOLS_MESSAGES.commentaryLocked);
    expect(within(section).queryByText(/não a metade/)).toBeNull();
    await user.click(within(section).getByRole('link', { name: 'Ver planos' }));
    expect(await screen.findByRole('link', { name: 'Voltar para a questão' })).toBeVisible();
  });

  const STATS = {
    available: true,
    correctPercent: 64,
    alternatives: [
      { letter: 'A', percent: 21 },
      { letter: 'B', percent: 64 },
      { letter: 'C', percent: 15 },
    ],
  };

  it.each([
    ['Premium', premiumTokens()],
    ['free', FREE_TOKENS],
  ])(
    'says plainly a question has no comment yet, with the key, the crowd and the way to ask for one (%s)',
    async (_account, tokens) => {
      const api = stubViewer(
        { available: false },
        {
          'GET /me/tokens': tokens,
          [`GET /questions/${QUESTION_ID}/stats`]: STATS,
        },
      );
      const { section } = await renderAndCheck('A');
      expect(section).toHaveTextContent(STUDY_TOOLS_MESSAGES.commentaryMissing);
      expect(section).toHaveTextContent('Gabarito oficial: B');
      expect(
        within(section).getByRole('region', { name: 'Como os usuários responderam' }),
      ).toHaveTextContent('64% acertaram· A 21%· B 64%· C 15%');
      // Nothing promises an explanation the tutor could not give.
      expect(section).not.toHaveTextContent(/explicação abaixo/);
      await screen.findByRole('region', { name: 'Perguntas ao tutor offline' });
      expect(screen.queryByRole('region', { name: 'Explicação do tutor offline' })).toBeNull();
      expect(screen.queryByText(/Ver a explicação/)).toBeNull();
      expect(api.calls(`POST /questions/${QUESTION_ID}/feedback`)).toHaveLength(0);
    },
  );

  it('asks the team for the comment in one click, and offers that type in the report dialog', async () => {
    const api = stubViewer(
      { available: false },
      { 'POST /error-reports': { message: SUPPORT_MESSAGES.missingCommentSent } },
    );
    const { section, user } = await renderAndCheck('A');
    await user.click(
      within(section).getByRole('button', { name: SUPPORT_MESSAGES.missingCommentButton }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(
      SUPPORT_MESSAGES.missingCommentSent,
    );
    expect(api.calls('POST /error-reports').map((call) => call.body)).toEqual([
      { questionId: QUESTION_ID, type: MISSING_COMMENT_REPORT_TYPE },
    ]);
    // The comment's types follow what the student saw.
    await user.click(screen.getByRole('button', { name: 'Reportar erro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar erro na questão' });
    expect(
      within(dialog).getByRole('radio', { name: MISSING_COMMENT_REPORT_TYPE }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: COMMENT_ERROR_REPORT_TYPE })).toBeNull();
  });

  it('offers to report an error in the comment where there is one', async () => {
    stubViewer(UNLOCKED);
    const { user } = await renderAndCheck();
    await user.click(screen.getByRole('button', { name: 'Reportar erro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar erro na questão' });
    expect(
      within(dialog).getByRole('radio', { name: COMMENT_ERROR_REPORT_TYPE }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: MISSING_COMMENT_REPORT_TYPE })).toBeNull();
  });

  it('keeps the explanation of a language model on a question without a comment', async () => {
    const api = stubViewer(
      { available: false },
      {
        'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }),
        [`POST /questions/${QUESTION_ID}/feedback`]: () =>
          sseResponse(tutorAnswer('Explicação escrita agora.')),
      },
    );
    const { section } = await renderAndCheck();
    expect(section).toHaveTextContent(STUDY_TOOLS_MESSAGES.commentaryMissing);
    expect(await screen.findByRole('region', { name: 'Explicação da IA' })).toBeVisible();
    await waitFor(() =>
      expect(api.calls(`POST /questions/${QUESTION_ID}/feedback`)).toHaveLength(1),
    );
  });

  it('leaves out the offline explanation that would repeat the comment, not a language model', async () => {
    const offline = stubViewer(UNLOCKED);
    await renderAndCheck();
    await screen.findByRole('region', { name: 'Perguntas ao tutor offline' });
    expect(screen.queryByRole('region', { name: 'Explicação do tutor offline' })).toBeNull();
    expect(offline.calls(`POST /questions/${QUESTION_ID}/feedback`)).toHaveLength(0);
  });

  it('keeps the explanation of a language model beside the comment', async () => {
    const api = stubViewer(UNLOCKED, {
      'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }),
      [`POST /questions/${QUESTION_ID}/feedback`]: () =>
        sseResponse(tutorAnswer('Explicação escrita agora.')),
    });
    await renderAndCheck();
    expect(await screen.findByRole('region', { name: 'Explicação da IA' })).toBeVisible();
    await waitFor(() =>
      expect(api.calls(`POST /questions/${QUESTION_ID}/feedback`)).toHaveLength(1),
    );
  });
});
