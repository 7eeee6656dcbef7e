import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Simulado } from '@gabarita/shared';
import { questionDetail } from '@/test/catalog-fixtures';
import {
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';

const SIMULADO_ID = '7a4c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10';
const EXAM_ID = 'cmvv_2017_matematica_prova';
const qid = (number: number) => `${EXAM_ID}_${number}`;

function runningSimulado(): Simulado {
  const now = Date.now();
  return {
    id: SIMULADO_ID,
    title: 'Professor · Câmara · 2017',
    examId: EXAM_ID,
    scoring: 'padrao',
    certoErrado: false,
    status: 'em_andamento',
    finishedBy: null,
    startedAt: new Date(now - 60_000).toISOString(),
    deadline: new Date(now + 9 * 60_000).toISOString(),
    serverNow: new Date(now).toISOString(),
    timeLimitSeconds: 600,
    finishedAt: null,
    questions: [1, 2, 3].map((number) => ({
      questionId: qid(number),
      position: number,
      examId: EXAM_ID,
      number,
      disciplineName: 'Matemática',
      chosenLetter: null,
      gabarito: null,
      outcome: null,
    })),
    result: null,
  };
}

function stubSimulado(routes: ApiRoutes = {}) {
  const questionRoutes: ApiRoutes = {};
  for (const number of [1, 2, 3]) {
    questionRoutes[`GET /questions/${qid(number)}`] = questionDetail(number);
    questionRoutes[`PUT /simulados/${SIMULADO_ID}/answers/${qid(number)}`] = () =>
      noContentResponse();
  }
  return stubApi({
    'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
    [`GET /simulados/${SIMULADO_ID}`]: runningSimulado(),
    ...questionRoutes,
    ...routes,
  });
}

describe('/simulado — a running simulado', () => {
  it('chooses with the letter keys, as the question viewer does, and saves the choice', async () => {
    const api = stubSimulado();
    const { user } = renderApp(`/simulado?id=${SIMULADO_ID}`);
    await screen.findByRole('radiogroup', { name: 'Alternativas' });
    await user.keyboard('c');
    expect(screen.getByRole('radio', { name: /^C\)/ })).toBeChecked();
    await waitFor(() =>
      expect(api.calls(`PUT /simulados/${SIMULADO_ID}/answers/${qid(1)}`)[0]?.body).toEqual({
        letter: 'C',
      }),
    );
  });

  it('keeps the question on screen in the address, so a reload comes back to it', async () => {
    stubSimulado();
    const { user, router } = renderApp(`/simulado?id=${SIMULADO_ID}`);
    await screen.findByText('Questão 1 de 3');
    await user.click(screen.getByRole('button', { name: /^Próxima/ }));
    await screen.findByText('Questão 2 de 3');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('2');

    // Opened again at that address (a reload).
    stubSimulado();
    renderApp(`/simulado?id=${SIMULADO_ID}&q=3`);
    expect(await screen.findByText('Questão 3 de 3')).toBeVisible();
  });
});
