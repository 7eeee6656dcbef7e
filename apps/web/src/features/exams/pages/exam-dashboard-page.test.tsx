import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { axeViolations } from '@/test/accessibility';
import {
  EMPTY_FACETS,
  enemExamDetail,
  examDetail,
  examSearch,
  questionCard,
} from '@/test/catalog-fixtures';
import {
  apiError,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type StubbedRequest,
} from '@/test/render-app';

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
      '2 questões · 1 anulada · 1 certa · 0 erradas',
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

  describe('an exam with option blocks (ENEM)', () => {
    const ENEM_PATH = '/prova-dashboard?prova=enem_2023_dia1';

    /** The server's side: the detail follows the stored choice, which PUT /opcao changes. */
    function stubEnem(initialChoice: string | null) {
      let chosen = initialChoice;
      const api = stubApi({
        'GET /auth/session': { user: SIGNED_IN_USER },
        'GET /exams/enem_2023_dia1': () => enemExamDetail(chosen),
        'PUT /exams/enem_2023_dia1/opcao': (request: StubbedRequest) => {
          chosen = (request.body as { opcao: string }).opcao;
          return { chosenOption: chosen };
        },
      });
      return api;
    }

    it("is under the menu's ENEM entry, and goes back to the list of the kind last chosen", async () => {
      stubApi({
        'GET /auth/session': { user: SIGNED_IN_USER },
        'GET /exams/enem_2023_dia1': () => enemExamDetail(null),
        'GET /exams': examSearch({
          facets: {
            ...EMPTY_FACETS,
            tipo: [
              { value: 'concurso', label: 'concurso', count: 16 },
              { value: 'enem', label: 'enem', count: 1 },
            ],
          },
        }),
      });
      window.sessionStorage.setItem('gabarita.filtro.tipo', 'enem');
      renderApp(ENEM_PATH);
      await screen.findByRole('heading', { level: 1, name: 'ENEM 2023 · INEP' });
      const menu = screen.getByRole('navigation', { name: 'Menu principal', hidden: true });
      await waitFor(() =>
        expect(
          within(menu).getByRole('link', { name: 'Questões do ENEM', hidden: true }),
        ).toHaveAttribute('aria-current', 'true'),
      );
      expect(
        within(menu).getByRole('link', { name: 'Questões de concurso', hidden: true }),
      ).not.toHaveAttribute('aria-current');
      expect(screen.getByRole('link', { name: 'Voltar para as provas' })).toHaveAttribute(
        'href',
        '/?tipo=enem',
      );
    });

    function questionLinks() {
      return within(screen.getByRole('list', { name: 'Questões da prova' })).getAllByRole('link');
    }

    it('asks for the option before the questions, saves it and lists only that block', async () => {
      const api = stubEnem(null);
      const { user } = renderApp(ENEM_PATH);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'ENEM 2023 · INEP' }),
      ).toBeVisible();
      expect(within(screen.getByRole('main')).queryByText(/concurso/i)).toBeNull();

      // The choice comes first: no question to open, no simulado yet.
      const choice = screen.getByRole('group', { name: 'Qual opção você vai fazer?' });
      expect(choice).toHaveAccessibleDescription(/Inglês ou Espanhol/);
      expect(screen.queryByRole('list', { name: 'Questões da prova' })).toBeNull();
      expect(document.querySelector('a[href^="/questoes"]')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Fazer como simulado' })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Confirmar opção' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Escolha uma das opções para continuar.');
      expect(api.calls('PUT /exams/enem_2023_dia1/opcao')).toHaveLength(0);

      // The keyboard moves through the radio group.
      await user.click(within(choice).getByRole('radio', { name: 'Inglês' }));
      await user.keyboard('{ArrowDown}');
      expect(within(choice).getByRole('radio', { name: 'Espanhol' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Confirmar opção' }));

      expect(await screen.findByText('Sua opção:')).toBeVisible();
      expect(api.calls('PUT /exams/enem_2023_dia1/opcao').map((call) => call.body)).toEqual([
        { opcao: 'espanhol' },
      ]);
      expect(screen.getByText('Sua opção:').closest('p')).toHaveTextContent(
        'Sua opção: EspanholTrocar opção',
      );
      expect(screen.queryByRole('group', { name: 'Qual opção você vai fazer?' })).toBeNull();
      const links = questionLinks();
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/questoes?prova=enem_2023_dia1&q=enem_2023_dia1_espanhol_1',
        '/questoes?prova=enem_2023_dia1&q=enem_2023_dia1_espanhol_2',
        '/questoes?prova=enem_2023_dia1&q=enem_2023_dia1_6',
        '/questoes?prova=enem_2023_dia1&q=enem_2023_dia1_7',
      ]);
      // The block's questions carry its name; the common ones do not.
      expect(links[0]).toHaveTextContent('Opção: Espanhol');
      expect(links[2]).not.toHaveTextContent('Espanhol');
      expect(screen.queryByText('Inglês')).toBeNull();
      expect(screen.getByText(/^4 questões/)).toHaveTextContent('4 questões · 1 certa');
      expect(screen.getByRole('link', { name: 'Fazer como simulado' })).toBeVisible();
    });

    it('changes the option, saying the answers given stay in the history', async () => {
      const api = stubEnem('ingles');
      const { user } = renderApp(ENEM_PATH);
      expect(await screen.findByText('Sua opção:')).toBeVisible();
      expect(questionLinks()[0]).toHaveTextContent('Opção: Inglês');

      // Giving up keeps the block.
      await user.click(screen.getByRole('button', { name: 'Trocar opção' }));
      await user.click(screen.getByRole('button', { name: 'Cancelar' }));
      expect(screen.getByText('Sua opção:').closest('p')).toHaveTextContent('Sua opção: Inglês');

      await user.click(screen.getByRole('button', { name: 'Trocar opção' }));
      const choice = screen.getByRole('group', { name: 'Qual opção você vai fazer?' });
      expect(choice).toHaveAccessibleDescription(
        /as respostas que você já deu continuam no seu histórico/,
      );
      expect(within(choice).getByRole('radio', { name: 'Inglês' })).toBeChecked();
      expect(within(choice).getByRole('radio', { name: 'Inglês' })).toHaveFocus();
      await user.click(within(choice).getByRole('radio', { name: 'Espanhol' }));
      await user.click(screen.getByRole('button', { name: 'Confirmar opção' }));

      await waitFor(() => expect(questionLinks()[0]).toHaveTextContent('Opção: Espanhol'));
      expect(api.calls('PUT /exams/enem_2023_dia1/opcao').map((call) => call.body)).toEqual([
        { opcao: 'espanhol' },
      ]);
      expect(screen.getByText('Sua opção:').closest('p')).toHaveTextContent('Sua opção: Espanhol');
      expect(questionLinks()).toHaveLength(4);
      expect(screen.queryByText('Opção: Inglês')).toBeNull();
    });

    it('has no axe violations while asking for the option and after it', async () => {
      stubEnem(null);
      const { user } = renderApp(ENEM_PATH);
      await screen.findByRole('group', { name: 'Qual opção você vai fazer?' });
      expect(await axeViolations(screen.getByRole('main'))).toEqual([]);

      await user.click(screen.getByRole('radio', { name: 'Inglês' }));
      await user.click(screen.getByRole('button', { name: 'Confirmar opção' }));
      await screen.findByRole('list', { name: 'Questões da prova' });
      expect(await axeViolations(screen.getByRole('main'))).toEqual([]);
    }, 30_000);
  });
});
