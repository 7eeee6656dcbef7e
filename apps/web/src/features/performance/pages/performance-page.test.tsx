import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_MESSAGES, type HistorySummaryResponse } from '@gabarita/shared';
import { QUERY_KEYS } from '@/domain/query-keys';
import {
  apiError,
  deferred,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';

const PREMIUM_SUMMARY: HistorySummaryResponse = {
  totals: { answered: 40, correct: 29, wrong: 11, successRate: 72.5 },
  disciplines: [
    {
      code: 'DCONST',
      name: 'Direito Constitucional',
      answered: 10,
      correct: 9,
      wrong: 1,
      successRate: 90,
      subjects: [
        { name: 'Direitos fundamentais', answered: 6, correct: 6, wrong: 0, successRate: 100 },
        {
          name: 'Controle de constitucionalidade',
          answered: 4,
          correct: 3,
          wrong: 1,
          successRate: 75,
        },
      ],
    },
    {
      code: 'PORT',
      name: 'Língua Portuguesa',
      answered: 18,
      correct: 13,
      wrong: 5,
      successRate: 72.2,
      subjects: [
        { name: 'Crase', answered: 10, correct: 8, wrong: 2, successRate: 80 },
        { name: 'Concordância verbal', answered: 8, correct: 5, wrong: 3, successRate: 62.5 },
      ],
    },
    {
      code: 'RLM',
      name: 'Raciocínio Lógico',
      answered: 12,
      correct: 7,
      wrong: 5,
      successRate: 58.3,
      subjects: [{ name: 'Proposições', answered: 12, correct: 7, wrong: 5, successRate: 58.3 }],
    },
  ],
};

const FREE_SUMMARY: HistorySummaryResponse = {
  totals: PREMIUM_SUMMARY.totals,
  disciplines: null,
};

const EMPTY_PREMIUM: HistorySummaryResponse = {
  totals: { answered: 0, correct: 0, wrong: 0, successRate: 0 },
  disciplines: [],
};

function stubPerformance(summary: HistorySummaryResponse, routes: ApiRoutes = {}) {
  const premium = summary.disciplines !== null;
  return stubApi({
    'GET /auth/session': {
      user: { ...SIGNED_IN_USER, accountType: premium ? 'premium' : 'free' },
    },
    'GET /me/history/summary': summary,
    ...routes,
  });
}

async function renderPerformance() {
  const app = renderApp('/meu-desempenho');
  await screen.findByRole('heading', { level: 1, name: 'Meu Desempenho' });
  await waitFor(() => expect(screen.queryByText('Carregando seu desempenho...')).toBeNull());
  return app;
}

/** The value shown under a summary card's label. */
const card = (label: string) =>
  screen.getByText(label, { selector: 'li p' }).parentElement?.nextElementSibling as HTMLElement;

describe('/meu-desempenho', () => {
  it('words one right answer and one wrong in the singular', async () => {
    stubPerformance(PREMIUM_SUMMARY, {
      'GET /simulados': {
        items: [
          {
            id: '7a4c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10',
            title: 'Simulado: Matemática',
            scoring: 'padrao',
            status: 'finalizado',
            startedAt: '2026-11-20T12:00:00.000Z',
            finishedAt: '2026-11-20T12:20:00.000Z',
            questionCount: 3,
            result: {
              score: 1,
              maxScore: 3,
              correct: 1,
              wrong: 1,
              blank: 1,
              timeUsedSeconds: 1200,
            },
          },
        ],
      },
    });
    await renderPerformance();
    expect(await screen.findByText(/1 acerto, 1 erro, 1 em branco/)).toBeVisible();
    expect(screen.queryByText(/1 acertos|1 erros/)).toBeNull();
  });

  it('shows a free account its totals and the Premium invitation, without charts or table', async () => {
    stubPerformance(FREE_SUMMARY);
    await renderPerformance();

    expect(card('Questões respondidas')).toHaveTextContent('40');
    expect(card('Acertos')).toHaveTextContent('29');
    expect(card('Erros')).toHaveTextContent('11');
    expect(card('Taxa de acerto')).toHaveTextContent('72,5%');

    const invitation = screen.getByRole('region', { name: /Descubra onde você acerta mais/ });
    expect(within(invitation).getByText(PERFORMANCE_MESSAGES.premiumOnly)).toBeVisible();
    expect(within(invitation).getByRole('link', { name: 'Conhecer o Premium' })).toHaveAttribute(
      'href',
      '/assinatura',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('img', { name: /Gráfico/ })).toBeNull();
  });

  it('shows a Premium account its retention per discipline against the desired one, from 10 reviews', async () => {
    stubPerformance(PREMIUM_SUMMARY, {
      'GET /me/review/retention': {
        desiredRetention: 0.9,
        windowDays: 30,
        disciplines: [
          { code: 'matematica', name: 'Matemática', reviews: 20, remembered: 19 },
          { code: 'portugues', name: 'Língua Portuguesa', reviews: 10, remembered: 7 },
          { code: 'historia', name: 'História', reviews: 3, remembered: 1 },
        ],
      },
    });
    await renderPerformance();
    const section = await screen.findByRole('region', { name: 'Retenção na revisão' });
    expect(section).toHaveTextContent('últimos 30 dias');
    expect(section).toHaveTextContent('A sua meta é 90%');
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Matemática2095%, na meta90%',
      'Língua Portuguesa1070%, abaixo da meta90%',
      // Three reviews judge nothing.
      'História333%poucas revisões90%',
    ]);
  });

  it('shows a Premium account the numbers by discipline and subject in a table, in the given order', async () => {
    stubPerformance(PREMIUM_SUMMARY);
    const { user } = await renderPerformance();

    await user.click(screen.getByRole('tab', { name: 'Tabela' }));
    expect(screen.getByRole('tab', { name: 'Tabela' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: /Desempenho por disciplina e assunto/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(5);
    ['Disciplina / assunto', 'Respondidas', 'Acertos', 'Erros', 'Taxa de acerto'].forEach(
      (name, index) => expect(headers[index]).toHaveAccessibleName(name),
    );
    expect(rows.slice(1)).toEqual([
      ['Direito Constitucional', '10', '9', '1', '90%'],
      ['Direitos fundamentais', '6', '6', '0', '100%'],
      ['Controle de constitucionalidade', '4', '3', '1', '75%'],
      ['Língua Portuguesa', '18', '13', '5', '72,2%'],
      ['Crase', '10', '8', '2', '80%'],
      ['Concordância verbal', '8', '5', '3', '62,5%'],
      ['Raciocínio Lógico', '12', '7', '5', '58,3%'],
      ['Proposições', '12', '7', '5', '58,3%'],
      ['Total', '40', '29', '11', '72,5%'],
    ]);
  });

  it('draws the pie with a legend and the bars, and expands a discipline into its subjects', async () => {
    stubPerformance(PREMIUM_SUMMARY);
    const { user } = await renderPerformance();

    const pie = await screen.findByRole('img', { name: /Gráfico de pizza/ });
    expect(pie).toHaveAccessibleName(
      expect.stringContaining('Língua Portuguesa: 18 questões (45%)'),
    );
    const legend = screen.getByRole('list', { name: /Legenda: questões respondidas/ });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Língua Portuguesa18 questões, (45%)',
      'Raciocínio Lógico12 questões, (30%)',
      'Direito Constitucional10 questões, (25%)',
    ]);
    expect(
      screen.getByRole('img', { name: /acertos e erros por disciplina/ }),
    ).toHaveAccessibleName(
      expect.stringContaining('Direito Constitucional: 9 acertos, 1 erro, 90% de acerto'),
    );

    const toggle = screen.getByRole('button', { name: /Língua Portuguesa/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img', { name: /por assunto em Língua Portuguesa/ })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const subjects = screen.getByRole('img', { name: /por assunto em Língua Portuguesa/ });
    expect(subjects).toHaveAccessibleName(
      expect.stringContaining('Crase: 8 acertos, 2 erros, 80% de acerto; Concordância verbal'),
    );

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('img', { name: /por assunto em Língua Portuguesa/ })).toBeNull();
  });

  it('keeps the confirmation dialog modal: focus inside, Tab cycles, Escape cancels', async () => {
    const api = stubPerformance(PREMIUM_SUMMARY);
    const { user } = await renderPerformance();
    const resetButton = screen.getByRole('button', { name: PERFORMANCE_MESSAGES.resetButton });

    await user.click(resetButton);
    const dialog = screen.getByRole('dialog', { name: 'Resetar seu histórico?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    const confirm = within(dialog).getByRole('button', { name: 'Resetar histórico' });
    expect(cancel).toHaveFocus();

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resetButton).toHaveFocus();

    await user.click(resetButton);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resetButton).toHaveFocus();
    expect(api.calls('DELETE /me/history')).toHaveLength(0);
  });

  it('resets the history after confirmation and then shows the empty message', async () => {
    let summary = PREMIUM_SUMMARY;
    const pending = deferred<Response>();
    const api = stubPerformance(PREMIUM_SUMMARY, {
      'GET /me/history/summary': () => summary,
      'DELETE /me/history': () => pending.promise,
    });
    const { user } = await renderPerformance();

    await user.click(screen.getByRole('button', { name: PERFORMANCE_MESSAGES.resetButton }));
    await user.click(screen.getByRole('button', { name: 'Resetar histórico' }));
    const busy = await screen.findByRole('button', { name: 'Resetando...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeVisible();

    summary = EMPTY_PREMIUM;
    pending.resolve(noContentResponse());

    expect(await screen.findByText(PERFORMANCE_MESSAGES.empty)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('DELETE /me/history')).toEqual([
      expect.objectContaining({ method: 'DELETE', body: {} }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Meu Desempenho' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: PERFORMANCE_MESSAGES.resetButton })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Seu histórico foi resetado.');
    await waitFor(() => expect(api.calls('GET /me/history/summary')).toHaveLength(2));
  });

  it('marks every cached answer stale at once after a reset', async () => {
    stubPerformance(PREMIUM_SUMMARY, { 'DELETE /me/history': () => noContentResponse() });
    const { user, queryClient } = await renderPerformance();
    queryClient.setQueryData(QUERY_KEYS.question('q1'), { recordedAnswer: { letter: 'B' } });
    queryClient.setQueryData(QUERY_KEYS.examDetail('prova-1'), { questions: [] });
    queryClient.setQueryData(QUERY_KEYS.examSearch, { pages: [] });

    await user.click(screen.getByRole('button', { name: PERFORMANCE_MESSAGES.resetButton }));
    await user.click(screen.getByRole('button', { name: 'Resetar histórico' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    for (const key of [
      QUERY_KEYS.question('q1'),
      QUERY_KEYS.examDetail('prova-1'),
      QUERY_KEYS.examSearch,
    ]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });

  it.each([
    [
      'an internal error',
      () => new Response('boom', { status: 500 }),
      PERFORMANCE_MESSAGES.resetFailed,
    ],
    [
      'a 401',
      () => apiError(401, 'auth/unauthenticated', PERFORMANCE_MESSAGES.resetWithoutUser),
      PERFORMANCE_MESSAGES.resetWithoutUser,
    ],
  ])('shows the failure of the reset inside the dialog (%s)', async (_case, answer, message) => {
    stubPerformance(PREMIUM_SUMMARY, { 'DELETE /me/history': answer });
    const { user } = await renderPerformance();

    await user.click(screen.getByRole('button', { name: PERFORMANCE_MESSAGES.resetButton }));
    await user.click(screen.getByRole('button', { name: 'Resetar histórico' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Resetar histórico' })).toBeVisible();
    expect(card('Questões respondidas')).toHaveTextContent('40');
  });

  it.each([
    ['a free account', { ...EMPTY_PREMIUM, disciplines: null }],
    ['a Premium account', EMPTY_PREMIUM],
  ])('shows the empty message to %s without answers', async (_case, summary) => {
    stubPerformance(summary);
    await renderPerformance();

    expect(screen.getByText(PERFORMANCE_MESSAGES.empty)).toBeVisible();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Questões de concurso' }),
    ).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: PERFORMANCE_MESSAGES.resetButton })).toBeNull();
    expect(screen.queryByText('Questões respondidas')).toBeNull();
  });

  it('shows a loading state, then the failure with a retry', async () => {
    let fail = true;
    stubPerformance(PREMIUM_SUMMARY, {
      'GET /me/history/summary': () =>
        fail ? new Response('down', { status: 500 }) : PREMIUM_SUMMARY,
    });
    const { user } = renderApp('/meu-desempenho');
    expect(await screen.findByText('Carregando seu desempenho...')).toBeInTheDocument();

    expect(await screen.findByRole('alert')).toHaveTextContent(PERFORMANCE_MESSAGES.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('tab', { name: 'Gráficos' })).toBeVisible();
  });

  it('remembers the chosen view and moves between tabs with the arrow keys', async () => {
    stubPerformance(PREMIUM_SUMMARY);
    const { user, unmount } = await renderPerformance();

    screen.getByRole('tab', { name: 'Gráficos' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tabela' })).toHaveFocus();
    expect(screen.getByRole('table')).toBeVisible();
    unmount();

    await renderPerformance();
    expect(screen.getByRole('tab', { name: 'Tabela' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('table')).toBeVisible();
  });
});
