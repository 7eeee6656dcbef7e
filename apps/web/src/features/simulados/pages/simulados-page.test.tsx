import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Simulado } from '@gabarita/shared';
import { enemExamDetail, enemQuestionDetail, examSearch } from '@/test/catalog-fixtures';
import { renderApp, SIGNED_IN_USER, stubApi, type StubbedRequest } from '@/test/render-app';

const SIMULADO_ID = '7a4c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10';

function createdSimulado(): Simulado {
  const now = Date.now();
  return {
    id: SIMULADO_ID,
    title: 'ENEM 2023 · INEP',
    examId: 'enem_2023_dia1',
    scoring: 'padrao',
    certoErrado: false,
    status: 'em_andamento',
    finishedBy: null,
    startedAt: new Date(now).toISOString(),
    deadline: new Date(now + 12 * 60_000).toISOString(),
    serverNow: new Date(now).toISOString(),
    timeLimitSeconds: 720,
    finishedAt: null,
    questions: [
      {
        questionId: 'enem_2023_dia1_6',
        position: 1,
        examId: 'enem_2023_dia1',
        number: 6,
        disciplineName: 'Linguagens',
        chosenLetter: null,
        gabarito: null,
        outcome: null,
      },
    ],
    result: null,
  };
}

describe('/simulados', () => {
  it('asks for the option of an exam with option blocks, then starts the simulado in it', async () => {
    let chosen: string | null = null;
    const api = stubApi({
      'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
      'GET /exams/enem_2023_dia1': () => enemExamDetail(chosen),
      'PUT /exams/enem_2023_dia1/opcao': (request: StubbedRequest) => {
        chosen = (request.body as { opcao: string }).opcao;
        return { chosenOption: chosen };
      },
      'GET /exams': examSearch(),
      'GET /simulados': { items: [] },
      'POST /simulados': createdSimulado(),
      [`GET /simulados/${SIMULADO_ID}`]: createdSimulado(),
      'GET /questions/enem_2023_dia1_6': enemQuestionDetail('6', 6),
    });
    const { user, router } = renderApp('/simulados?prova=enem_2023_dia1');

    const section = await screen.findByRole('region', { name: 'Simulado da prova' });
    expect(await within(section).findByText('ENEM 2023 · INEP')).toBeVisible();
    const choice = within(section).getByRole('group', { name: 'Qual opção você vai fazer?' });
    expect(within(section).queryByRole('button', { name: 'Iniciar simulado' })).toBeNull();

    await user.click(within(choice).getByRole('radio', { name: 'Inglês' }));
    await user.click(within(section).getByRole('button', { name: 'Confirmar opção' }));

    // The common questions and the English block's: 4 questions, 3 minutes each.
    expect(await within(section).findByText('Sua opção:')).toBeVisible();
    expect(section).toHaveTextContent('Sua opção: Inglês');
    expect(section).toHaveTextContent('4 questões · tempo: 12 min');
    expect(api.calls('PUT /exams/enem_2023_dia1/opcao').map((call) => call.body)).toEqual([
      { opcao: 'ingles' },
    ]);

    await user.click(within(section).getByRole('button', { name: 'Iniciar simulado' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulado'));
    expect(api.calls('POST /simulados').map((call) => call.body)).toEqual([
      { examId: 'enem_2023_dia1', scoring: 'padrao' },
    ]);
    expect(router.state.location.search).toBe(`?id=${SIMULADO_ID}`);
  });
});
