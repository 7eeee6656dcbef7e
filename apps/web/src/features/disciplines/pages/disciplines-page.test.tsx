import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { disciplinePage, questionCard } from '@/test/catalog-fixtures';
import { renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const DISCIPLINES = {
  disciplines: [
    {
      code: 'matematica',
      name: 'Matemática',
      questionCount: 2,
      subjects: [
        { name: 'Frações', questionCount: 1 },
        { name: 'Geometria', questionCount: 1 },
      ],
    },
    { code: 'portugues', name: 'Língua Portuguesa', questionCount: 0, subjects: [] },
  ],
};

function stubDisciplines() {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    'GET /disciplines': DISCIPLINES,
    'GET /disciplines/matematica/questions': (request: { search: string }) =>
      request.search.includes('assunto')
        ? disciplinePage([questionCard(2, { assunto: 'Geometria', response: 'e' })])
        : disciplinePage([
            questionCard(1, { response: 'c' }),
            questionCard(2, { assunto: 'Geometria', response: 'e' }),
          ]),
  });
}

describe('/conteudo-didatico', () => {
  it('asks for a discipline while none is chosen', async () => {
    stubDisciplines();
    renderApp('/conteudo-didatico');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Disciplinas isoladas' }),
    ).toBeVisible();
    expect(screen.getByText(CATALOG_MESSAGES.chooseDiscipline)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Assunto' })).toBeDisabled();
  });

  it('lists the questions of the chosen discipline and subject, keeping the choice in the URL', async () => {
    const api = stubDisciplines();
    const { user, router } = renderApp('/conteudo-didatico');
    const disciplina = await screen.findByRole('combobox', { name: 'Disciplina' });
    await screen.findByText(CATALOG_MESSAGES.chooseDiscipline);
    await user.type(disciplina, 'matem{Enter}');

    expect(await screen.findByText(CATALOG_MESSAGES.questionsFound(2))).toBeVisible();
    expect(router.state.location.search).toBe('?disciplina=matematica');
    const cards = within(screen.getByRole('list', { name: 'Questões' })).getAllByRole('link');
    expect(cards[0]).toHaveTextContent('Questão 1');
    expect(within(cards[0]!).getByRole('img', { name: 'Respondida corretamente' })).toBeVisible();
    expect(cards[0]).toHaveAttribute(
      'href',
      '/questoes?disciplina=matematica&q=cmvv_2017_matematica_prova_1',
    );

    await user.click(screen.getByRole('combobox', { name: 'Assunto' }));
    await user.click(screen.getByRole('option', { name: 'Geometria (1)' }));
    expect(await screen.findByText(CATALOG_MESSAGES.questionsFound(1))).toBeVisible();
    expect(router.state.location.search).toBe('?disciplina=matematica&assunto=Geometria');
    expect(api.calls('GET /disciplines/matematica/questions').at(-1)?.search).toBe(
      '?assunto=Geometria',
    );
  });

  it('leaves outdated questions out on request, on the server, and keeps the choice', async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /disciplines': DISCIPLINES,
      'GET /disciplines/matematica/questions': (request: { search: string }) =>
        request.search.includes('ocultarDesatualizadas=true')
          ? disciplinePage([questionCard(1)])
          : disciplinePage([questionCard(1), questionCard(2, { status: 'outdated' })]),
    });
    const { user, router } = renderApp('/conteudo-didatico?disciplina=matematica');
    expect(await screen.findByText(CATALOG_MESSAGES.questionsFound(2))).toBeVisible();
    expect(screen.getByRole('list', { name: 'Questões' })).toHaveTextContent('Desatualizada');

    await user.click(screen.getByRole('checkbox', { name: CATALOG_MESSAGES.hideOutdated }));
    expect(await screen.findByText(CATALOG_MESSAGES.questionsFound(1))).toBeVisible();
    expect(router.state.location.search).toBe('?disciplina=matematica&desatualizadas=ocultar');
    expect(api.calls('GET /disciplines/matematica/questions').at(-1)?.search).toBe(
      '?ocultarDesatualizadas=true',
    );
    expect(
      within(screen.getByRole('list', { name: 'Questões' })).getByRole('link'),
    ).toHaveAttribute(
      'href',
      '/questoes?disciplina=matematica&desatualizadas=ocultar&q=cmvv_2017_matematica_prova_1',
    );
  });
});
