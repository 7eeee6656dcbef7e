import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { EMPTY_FACETS, enemExamCard, examCard, examSearch } from '@/test/catalog-fixtures';
import { apiError, renderApp, SIGNED_IN_USER, stubApi, type ApiRoutes } from '@/test/render-app';

const FACETS = {
  ...EMPTY_FACETS,
  cargo: [
    { value: 'Pedagogo', label: 'Pedagogo', count: 2 },
    { value: 'Professor', label: 'Professor', count: 16 },
  ],
  disciplina: [
    { value: 'matematica', label: 'Matemática', count: 8 },
    { value: 'portugues', label: 'Língua Portuguesa', count: 10 },
  ],
  assunto: [{ value: 'Frações', label: 'Frações', count: 3 }],
};

function stubExams(handler: ApiRoutes[string]) {
  return stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER }, 'GET /exams': handler });
}

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, text: string) {
  const combobox = screen.getByRole('combobox', { name: label });
  await user.click(combobox);
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: text }));
}

describe('/ (exam list)', () => {
  it('shows the title, the plan badge, the counter and the exam cards', async () => {
    stubExams(examSearch({ items: [examCard(), examCard({ id: 'b_prova', cargo: 'Pedagogo' })] }));
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questões de concurso' }),
    ).toBeVisible();
    expect(await screen.findByText(CATALOG_MESSAGES.examsFound(2))).toBeVisible();
    expect(screen.getByText('Gratuita')).toBeVisible();
    const card = screen.getByRole('link', { name: /Professor de Matemática/ });
    expect(card).toHaveTextContent('Câmara Municipal de Valinhos');
    expect(card).toHaveTextContent('IBFC');
    expect(card).toHaveTextContent('2017');
    expect(card).toHaveTextContent('Superior');
    expect(card).toHaveTextContent('40 questões');
    expect(card).toHaveAttribute('href', '/prova-dashboard?prova=cmvv_2017_matematica_prova');
  });

  it('lists the filters in order, keeps Assunto off until a discipline is chosen', async () => {
    stubExams(examSearch({ facets: FACETS }));
    renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(1));
    expect(
      screen.getAllByRole('combobox').map((box) => box.getAttribute('id') && box),
    ).toHaveLength(8);
    const labels = screen
      .getAllByRole('combobox')
      .map((box) => document.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(labels).toEqual([
      'Tipo',
      'Cargo',
      'Órgão',
      'Nível',
      'Banca',
      'Ano',
      'Disciplina',
      'Assunto',
    ]);
    expect(screen.getByRole('combobox', { name: 'Assunto' })).toBeDisabled();
  });

  it('offers the exam kinds in Tipo, filters by one and names the list after it', async () => {
    // Labelled by their keys: the select shows the kinds' names.
    const facets = {
      ...FACETS,
      tipo: [
        { value: 'concurso', label: 'concurso', count: 16 },
        { value: 'enem', label: 'enem', count: 1 },
      ],
    };
    const api = stubExams((request: { search: string }) =>
      request.search.includes('tipo=enem')
        ? examSearch({ facets, items: [enemExamCard()] })
        : examSearch({ facets, items: [examCard(), enemExamCard()] }),
    );
    const { user, router } = renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(2));

    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('aria-label') ?? option.textContent),
    ).toEqual(['Todas as opções', 'Concurso (16)', 'ENEM (1)']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'ENEM (1)' }));

    expect(await screen.findByText(CATALOG_MESSAGES.examsFound(1))).toBeVisible();
    expect(api.calls('GET /exams').at(-1)?.search).toBe('?tipo=enem');
    expect(window.sessionStorage.getItem('gabarita.filtro.tipo')).toBe('enem');
    expect(screen.getByRole('heading', { level: 1, name: 'Questões do ENEM' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveValue('ENEM');
    // The kind is in the address, so the menu shows the ENEM's entry.
    expect(router.state.location.search).toBe('?tipo=enem');
    expect(screen.getByRole('link', { name: 'Questões do ENEM' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('offers no Cargo, Órgão or Nível for the ENEM, and drops the ones chosen', async () => {
    const facets = {
      ...FACETS,
      tipo: [
        { value: 'concurso', label: 'concurso', count: 16 },
        { value: 'enem', label: 'enem', count: 1 },
      ],
    };
    const api = stubExams(examSearch({ facets, items: [examCard()] }));
    window.sessionStorage.setItem('gabarita.filtro.cargo', 'Professor');
    const { user } = renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(1));
    expect(screen.getByRole('combobox', { name: 'Cargo' })).toBeVisible();

    await choose(user, 'Tipo', 'ENEM (1)');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questões do ENEM' }),
    ).toBeVisible();
    for (const name of ['Cargo', 'Órgão', 'Nível']) {
      expect(screen.queryByRole('combobox', { name })).toBeNull();
    }
    expect(api.calls('GET /exams').at(-1)?.search).toBe('?tipo=enem');
    expect(window.sessionStorage.getItem('gabarita.filtro.cargo')).toBeNull();
  });

  it("opens on the kind of the menu's entry", async () => {
    const api = stubExams(examSearch({ items: [enemExamCard()] }));
    renderApp('/?tipo=enem');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questões do ENEM' }),
    ).toBeVisible();
    expect(api.calls('GET /exams').some((call) => call.search === '?tipo=enem')).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Órgão' })).toBeNull();
  });

  it('shows an ENEM exam by its kind, with its options and without cargo, órgão or nível', async () => {
    stubExams(examSearch({ items: [enemExamCard()] }));
    renderApp('/');
    const card = await screen.findByRole('link', { name: /ENEM 2023 · INEP/ });
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('ENEM 2023 · INEP');
    expect(card).toHaveTextContent('Opções: Inglês ou Espanhol');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Banca', 'Ano']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['INEP', '2023']);
    expect(card).toHaveTextContent('95 questões');
    expect(card.textContent).not.toMatch(/concurso|cargo|órgão|nível|null/i);
  });

  it('sends the filters, keeps each one in sessionStorage and clears them all', async () => {
    const api = stubExams(examSearch({ facets: FACETS }));
    const { user } = renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(1));

    await choose(user, 'Cargo', 'Professor (16)');
    await choose(user, 'Disciplina', 'Matemática (8)');
    const assunto = screen.getByRole('combobox', { name: 'Assunto' });
    expect(assunto).toBeEnabled();
    await choose(user, 'Assunto', 'Frações (3)');

    expect(window.sessionStorage.getItem('gabarita.filtro.cargo')).toBe('Professor');
    expect(window.sessionStorage.getItem('gabarita.filtro.disciplina')).toBe('matematica');
    expect(window.sessionStorage.getItem('gabarita.filtro.assunto')).toBe('Frações');
    expect(api.calls('GET /exams').at(-1)?.search).toBe(
      `?cargo=Professor&disciplina=matematica&assunto=${encodeURIComponent('Frações')}`,
    );

    // A new discipline drops the subject of the previous one.
    await choose(user, 'Disciplina', 'Língua Portuguesa (10)');
    expect(window.sessionStorage.getItem('gabarita.filtro.assunto')).toBeNull();
    expect(assunto).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(window.sessionStorage.getItem('gabarita.filtro.cargo')).toBeNull();
    expect(window.sessionStorage.getItem('gabarita.filtro.disciplina')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Assunto' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Cargo' })).toHaveValue('');
  });

  it('starts from the filters kept in sessionStorage', async () => {
    window.sessionStorage.setItem('gabarita.filtro.disciplina', 'matematica');
    window.sessionStorage.setItem('gabarita.filtro.ano', '2017');
    const api = stubExams(examSearch({ facets: FACETS }));
    renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(1));
    const searches = api.calls('GET /exams').map((call) => call.search);
    // The menu asks once without filters, for the kinds of exam; the list asks with the kept
    // filters from its first request.
    expect(searches.filter((search) => search === '')).toHaveLength(1);
    expect(searches.filter((search) => search !== '')[0]).toBe('?ano=2017&disciplina=matematica');
    expect(screen.getByRole('combobox', { name: 'Disciplina' })).toHaveValue('Matemática');
    expect(screen.getByRole('combobox', { name: 'Assunto' })).toBeEnabled();
  });

  it('shows the matching count, the eye icon and carries the filters to the dashboard', async () => {
    window.sessionStorage.setItem('gabarita.filtro.disciplina', 'matematica');
    stubExams(
      examSearch({
        facets: FACETS,
        items: [
          examCard({ matchingQuestionCount: 12, inHistory: true, demonstration: true }),
          examCard({ id: 'b_prova', cargo: 'Pedagogo', matchingQuestionCount: 1 }),
        ],
      }),
    );
    renderApp('/');
    const seen = await screen.findByRole('link', { name: /Professor de Matemática/ });
    expect(seen).toHaveTextContent('12 questões de Matemática');
    expect(within(seen).getByRole('img', { name: 'Você já abriu esta prova' })).toBeVisible();
    expect(within(seen).getByText('Prova de demonstração')).toBeVisible();
    expect(seen).toHaveAttribute(
      'href',
      '/prova-dashboard?prova=cmvv_2017_matematica_prova&disciplina=matematica',
    );

    const other = screen.getByRole('link', { name: /Pedagogo/ });
    expect(other).toHaveTextContent('1 questão de Matemática');
    expect(within(other).queryByRole('img', { name: 'Você já abriu esta prova' })).toBeNull();
  });

  it("loads the next page with 'Carregar mais'", async () => {
    const api = stubExams((request: { search: string }) =>
      request.search.includes('cursor=p2')
        ? examSearch({ items: [examCard({ id: 'p2_prova', cargo: 'Pedagogo' })], total: 2 })
        : examSearch({ total: 2, nextCursor: 'p2' }),
    );
    const { user } = renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(2));
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: /Pedagogo/ })).toBeVisible();
    expect(api.calls('GET /exams').at(-1)?.search).toBe('?cursor=p2');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('offers a retry when the exams cannot be loaded', async () => {
    let fail = true;
    stubExams(() =>
      fail ? apiError(500, 'server/internal', 'Ocorreu um erro inesperado.') : examSearch(),
    );
    const { user } = renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.examLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(CATALOG_MESSAGES.examsFound(1))).toBeVisible();
  });
});

describe('/ (Revisões de hoje)', () => {
  const PREMIUM = { ...SIGNED_IN_USER, accountType: 'premium' as const };

  it("shows a Premium account the day's review queue in numbers and leads to it", async () => {
    stubApi({
      'GET /auth/session': { user: PREMIUM },
      'GET /exams': examSearch(),
      'GET /me/review/today/count': { dueCount: 3, estimatedMinutes: 4 },
    });
    renderApp('/');
    const card = await screen.findByRole('link', { name: /Revisões de hoje/ });
    expect(card).toHaveTextContent('3 itens para revisar, cerca de 4 minutos');
    expect(card).toHaveAttribute('href', '/revisao-de-hoje');
  });

  it('says nothing when nothing is due, and never asks for a free account', async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /exams': examSearch(),
    });
    renderApp('/');
    await screen.findByText(CATALOG_MESSAGES.examsFound(1));
    expect(screen.queryByRole('link', { name: /Revisões de hoje/ })).toBeNull();
    expect(api.calls('GET /me/review/today/count')).toHaveLength(0);
  });
});
