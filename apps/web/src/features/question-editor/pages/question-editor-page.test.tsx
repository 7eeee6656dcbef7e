import { screen, waitFor, within } from '@testing-library/react';
import { QUESTION_EDITOR_MESSAGES, type QuestionEditing } from '@gabarita/shared';
import { describe, expect, it } from 'vitest';
import { questionCard } from '@/test/catalog-fixtures';
import { editing, EXAM_ID, QUESTION_ID, snapshot, version } from '@/test/question-editor-fixtures';
import { EDITOR } from '@/test/report-fixtures';
import { apiError, stubApi, type ApiRoutes } from '@/test/render-app';
import { renderPage } from '@/test/render-page';
import QuestionEditorPage from './question-editor-page';

const EDITOR_PATH = `/admin/questions/${QUESTION_ID}`;

function stubEditor(routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: EDITOR },
    [`GET ${EDITOR_PATH}`]: editing(),
    ...routes,
  });
}

async function renderEditor(path = `/admin/questoes?q=${QUESTION_ID}`) {
  const view = renderPage(<QuestionEditorPage />, { path, route: '/admin/questoes' });
  await screen.findByRole('heading', { level: 1, name: 'Editor de questões' });
  return view;
}

async function openQuestion(path?: string) {
  const view = await renderEditor(path);
  await screen.findByRole('heading', { level: 2, name: 'Questão 3' });
  return view;
}

const statementBox = () => screen.getByRole('textbox', { name: 'Enunciado (HTML)' });
const statementPreview = () => screen.getByRole('group', { name: 'Pré-visualização do enunciado' });

describe('/admin/questoes?q=', () => {
  it('loads the question into the form, the key read-only', async () => {
    stubEditor();
    await openQuestion();
    expect(screen.getByText('Professor de Matemática · IBFC · 2017')).toBeVisible();
    expect(statementBox()).toHaveValue('<p>Qual é o valor de <strong>f(1/2)</strong>?</p>');
    expect(within(statementPreview()).getByText('f(1/2)').tagName).toBe('STRONG');

    expect(screen.getByRole('textbox', { name: 'Alternativa A' })).toHaveValue('−1');
    expect(screen.getByRole('textbox', { name: 'Alternativa B' })).toHaveValue('0');
    expect(screen.getByRole('textbox', { name: 'Alternativa C (HTML)' })).toHaveValue(
      'H<sub>2</sub>O',
    );
    expect(
      screen.getByRole('textbox', { name: 'Descrição da imagem da alternativa D' }),
    ).toHaveValue('Reta crescente que passa por (0, 1)');
    // The key is not a control: it changes through the definitive key.
    expect(screen.queryByRole('textbox', { name: 'Gabarito' })).toBeNull();
    const keySection = screen.getByRole('region', { name: 'Gabarito e situação' });
    expect(keySection).toHaveTextContent('GabaritoB');
    expect(
      within(keySection).getByRole('link', { name: 'Abrir o Gabarito definitivo desta prova' }),
    ).toHaveAttribute('href', `/admin/gabarito?prova=${EXAM_ID}`);
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('regular');
    expect(screen.getByRole('combobox', { name: 'Disciplina' })).toHaveValue('matematica');
    expect(screen.getByRole('textbox', { name: 'Assunto' })).toHaveValue('Funções');
    expect(screen.getByRole('checkbox', { name: /id_texto1/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /id_texto2/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Texto id_texto1 (HTML)' })).toHaveValue(
      '<p>Seja f(x) = 2x − 1.</p>',
    );
    expect(screen.getByRole('textbox', { name: 'Resumo' })).toHaveValue('Substitua x por 1/2.');
    expect(screen.getByRole('textbox', { name: 'Referência' })).toHaveValue(
      'Iezzi, Fundamentos, v. 1',
    );
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Equipe Gabarita');
  });

  it('redraws the preview as the statement is edited, with the viewer’s allow-list', async () => {
    stubEditor();
    const { user } = await openQuestion();
    await user.clear(statementBox());
    await user.click(statementBox());
    await user.paste('<p>Calcule <em>g(2)</em>.</p><script>alert(1)</script>');
    await waitFor(() => expect(within(statementPreview()).getByText('g(2)').tagName).toBe('EM'));
    expect(statementPreview()).toHaveTextContent(/^Pré-visualização do enunciadoCalcule g\(2\)\.$/);
    expect(screen.getByText('Há alterações não salvas.')).toBeVisible();
  });

  it('saves the edited question on its version and shows the result', async () => {
    const saved = editing({
      snapshot: snapshot({ questao: '<p>Novo enunciado.</p>', assunto: 'Função afim' }),
      versions: [
        version(3, { changes: ['Enunciado alterado', 'Assunto: "Funções" → "Função afim"'] }),
        version(2),
        version(1),
      ],
    });
    const api = stubEditor({
      [`PUT ${EDITOR_PATH}`]: { message: QUESTION_EDITOR_MESSAGES.saved(3), editing: saved },
    });
    const { user } = await openQuestion();
    await user.clear(statementBox());
    await user.click(statementBox());
    await user.paste('<p>Novo enunciado.</p>');
    const subject = screen.getByRole('textbox', { name: 'Assunto' });
    await user.clear(subject);
    await user.type(subject, 'Função afim');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Questão salva (versão 3).')).toBeVisible();
    // Everything the form did not touch goes back exactly as it came.
    expect(api.calls(`PUT ${EDITOR_PATH}`)[0]?.body).toEqual({
      snapshot: snapshot({ questao: '<p>Novo enunciado.</p>', assunto: 'Função afim' }),
      baseVersion: 2,
    });
    expect(statementBox()).toHaveValue('<p>Novo enunciado.</p>');
    expect(screen.getByText('Nenhuma alteração a salvar.')).toBeVisible();
    const versions = screen.getByRole('list', { name: 'Versões da questão' });
    expect(versions.children[0]).toHaveTextContent('Versão 3EdiçãoAtual');
  });

  it('shows each problem beside its field, and the message with the list on top', async () => {
    const api = stubEditor({
      [`PUT ${EDITOR_PATH}`]: () =>
        apiError(400, 'editor/invalid', QUESTION_EDITOR_MESSAGES.invalid(5), {
          questao: 'a figura grafico precisa de uma descrição em alt="..."',
          'Alternativas[1]': 'a alternativa B está vazia',
          'textos.id_texto1': 'campo obrigatório vazio',
          'comentario.fundamento[0].url': 'use um endereço https://',
          'disciplinas.total': 'diz 3, mas há 4 questões desta disciplina',
        }),
    });
    const { user } = await openQuestion();
    const alternativeB = screen.getByRole('textbox', { name: 'Alternativa B' });
    await user.clear(alternativeB);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('A questão não foi salva: 5 problemas a corrigir.');
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    expect(api.calls(`PUT ${EDITOR_PATH}`)[0]?.body).toMatchObject({
      snapshot: { Alternativas: ['A) −1', 'B) ', expect.anything(), expect.anything()] },
    });

    expect(statementBox()).toBeInvalid();
    expect(statementBox()).toHaveAccessibleDescription(
      expect.stringContaining('a figura grafico precisa de uma descrição em alt="..."'),
    );
    expect(alternativeB).toBeInvalid();
    expect(alternativeB).toHaveAccessibleDescription('a alternativa B está vazia');
    expect(
      screen.getByRole('textbox', { name: 'Texto id_texto1 (HTML)' }),
    ).toHaveAccessibleDescription(expect.stringContaining('campo obrigatório vazio'));
    expect(
      screen.getByRole('textbox', { name: 'Endereço (opcional)' }),
    ).toHaveAccessibleDescription('use um endereço https://');
    expect(screen.getByRole('textbox', { name: 'Assunto' })).toBeValid();
    // A problem at a path the form has no field for is listed with its path.
    expect(summary).toHaveTextContent(
      'disciplinas.total: diz 3, mas há 4 questões desta disciplina',
    );

    await user.click(within(summary).getByRole('link', { name: 'Alternativa B' }));
    expect(alternativeB).toHaveFocus();
  });

  it("offers 'Recarregar' when someone saved meanwhile", async () => {
    let current: QuestionEditing = editing();
    const api = stubEditor({
      [`GET ${EDITOR_PATH}`]: () => current,
      [`PUT ${EDITOR_PATH}`]: () => apiError(409, 'editor/stale', QUESTION_EDITOR_MESSAGES.stale),
    });
    const { user } = await openQuestion();
    await user.type(screen.getByRole('textbox', { name: 'Assunto' }), ' e gráficos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUESTION_EDITOR_MESSAGES.stale);

    current = editing({
      snapshot: snapshot({ questao: '<p>Versão de outra pessoa.</p>' }),
      versions: [version(3, { createdByName: 'Outro Editor' }), version(2), version(1)],
    });
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(statementBox()).toHaveValue('<p>Versão de outra pessoa.</p>'));
    expect(screen.getByRole('textbox', { name: 'Assunto' })).toHaveValue('Funções');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls(`GET ${EDITOR_PATH}`)).toHaveLength(2);
  });

  it('points to the definitive key when the key or the annulment would change', async () => {
    stubEditor({
      [`GET ${EDITOR_PATH}`]: editing({
        snapshot: snapshot({ situacao: 'anulada', nota: 'Duas respostas corretas.' }),
      }),
      [`PUT ${EDITOR_PATH}`]: () =>
        apiError(409, 'editor/key-change', QUESTION_EDITOR_MESSAGES.keyChange),
    });
    const { user } = await openQuestion();
    // An annulled question's state is not a control either.
    expect(screen.queryByRole('combobox', { name: 'Situação' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nota da situação' })).toHaveValue(
      'Duas respostas corretas.',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(QUESTION_EDITOR_MESSAGES.keyChange);
    expect(
      within(alert).getByRole('link', { name: 'Abrir o Gabarito definitivo desta prova' }),
    ).toHaveAttribute('href', `/admin/gabarito?prova=${EXAM_ID}`);
  });

  it('edits the state, the texts used and the comment’s grounds', async () => {
    const api = stubEditor({
      [`PUT ${EDITOR_PATH}`]: () => apiError(503, 'server/unavailable', 'Indisponível.'),
    });
    const { user } = await openQuestion();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'desatualizada');
    await user.type(screen.getByRole('textbox', { name: 'Nota da situação' }), 'Lei nova.');
    await user.click(screen.getByRole('checkbox', { name: /id_texto2/ }));
    expect(screen.getByRole('textbox', { name: 'Texto id_texto2 (HTML)' })).toHaveValue(
      '<p>Um texto sobre gráficos de funções.</p>',
    );
    await user.click(screen.getByRole('checkbox', { name: /id_texto1/ }));
    expect(screen.queryByRole('textbox', { name: 'Texto id_texto1 (HTML)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Adicionar fundamento' }));
    expect(screen.getAllByRole('combobox', { name: 'Tipo' })[1]).toHaveFocus();
    await user.type(screen.getAllByRole('textbox', { name: 'Referência' })[1]!, 'Lei 9.394/1996');
    await user.click(screen.getByRole('button', { name: 'Remover o fundamento 1' }));
    expect(screen.getByRole('button', { name: 'Adicionar fundamento' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('alert');
    const sent = (api.calls(`PUT ${EDITOR_PATH}`)[0]?.body as { snapshot: object }).snapshot;
    expect(sent).toMatchObject({
      situacao: 'desatualizada',
      nota: 'Lei nova.',
      referencia: ['id_texto2'],
      textos: { id_texto2: '<p>Um texto sobre gráficos de funções.</p>' },
      comentario: { fundamento: [{ tipo: 'lei', referencia: 'Lei 9.394/1996' }] },
    });
  });

  it('says when no question has the code', async () => {
    stubEditor({
      [`GET ${EDITOR_PATH}`]: () =>
        apiError(404, 'catalog/question-not-found', 'Questão não encontrada.'),
    });
    await renderEditor();
    expect(await screen.findByText('Questão não encontrada')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Buscar outra questão' })).toHaveAttribute(
      'href',
      '/admin/questoes',
    );
  });

  it('says a retired question is not edited, and offers no retry', async () => {
    stubEditor({
      [`GET ${EDITOR_PATH}`]: () =>
        apiError(409, 'editor/question-retired', QUESTION_EDITOR_MESSAGES.retired),
    });
    await renderEditor();
    expect(await screen.findByText('Questão retirada do catálogo')).toBeVisible();
    expect(screen.getByText(QUESTION_EDITOR_MESSAGES.retired)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Tentar novamente/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Enunciado (HTML)' })).toBeNull();
  });
});

describe('versions', () => {
  it('lists the versions and compares one with the one before, word by word', async () => {
    const api = stubEditor({
      [`GET ${EDITOR_PATH}/versions/2`]: {
        version: version(2),
        snapshot: snapshot(),
        previous: snapshot({
          questao: '<p>Qual o valor de f(1/2)?</p>',
          Alternativas: [
            'A) −1',
            'B) zero',
            { letra: 'C', html: 'H<sub>2</sub>O' },
            { letra: 'D', imagem: 'grafico_d', descricao: 'Reta crescente que passa por (0, 1)' },
          ],
        }),
      },
    });
    const { user } = await openQuestion();
    const versions = screen.getByRole('list', { name: 'Versões da questão' });
    const [second, first] = [...versions.children] as HTMLElement[];
    expect(second).toHaveTextContent('Versão 2EdiçãoAtual');
    expect(second).toHaveTextContent('Edna Editora');
    expect(second).toHaveTextContent('Alternativa B alterada');
    expect(first).toHaveTextContent('Versão 1Importação');
    expect(within(second!).queryByRole('button', { name: 'Restaurar esta versão' })).toBeNull();
    expect(within(first!).queryByRole('button', { name: 'Comparar' })).toBeNull();

    const compare = within(second!).getByRole('button', { name: 'Comparar' });
    expect(compare).toHaveAccessibleDescription('Versão 2');
    await user.click(compare);
    const comparison = await screen.findByRole('region', {
      name: 'Versão 2 comparada com a versão 1',
    });
    expect(within(comparison).getByRole('heading', { level: 3 })).toHaveFocus();
    const statement = await within(comparison).findByRole('region', { name: 'Enunciado alterado' });
    expect([...statement.querySelectorAll('ins')].map((part) => part.textContent)).toEqual([
      '[incluído: é ]',
      '[incluído: <strong>f(1/2)</strong>?]',
    ]);
    expect([...statement.querySelectorAll('del')].map((part) => part.textContent)).toEqual([
      '[removido: f(1/2)?]',
    ]);
    const alternative = within(comparison).getByRole('region', { name: 'Alternativa B alterada' });
    expect(alternative).toHaveTextContent('Alternativa B');
    expect(alternative.querySelector('del')).toHaveTextContent('[removido: zero]');
    expect(alternative.querySelector('ins')).toHaveTextContent('[incluído: 0]');
    expect(api.calls(`GET ${EDITOR_PATH}/versions/2`)).toHaveLength(1);

    await user.click(within(comparison).getByRole('button', { name: 'Fechar a comparação' }));
    expect(screen.queryByRole('region', { name: 'Versão 2 comparada com a versão 1' })).toBeNull();
    expect(compare).toHaveFocus();
  });

  it('restores a version after confirming', async () => {
    const restored = editing({
      snapshot: snapshot({ questao: '<p>O enunciado importado.</p>' }),
      versions: [
        version(3, { source: 'restore', changes: ['Enunciado alterado'] }),
        version(2),
        version(1),
      ],
    });
    const api = stubEditor({
      [`POST ${EDITOR_PATH}/versions/1/restore`]: {
        message: QUESTION_EDITOR_MESSAGES.restored(1, 3),
        editing: restored,
      },
    });
    const { user } = await openQuestion();
    const versions = screen.getByRole('list', { name: 'Versões da questão' });
    const first = versions.children[1] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Restaurar esta versão' }));

    const dialog = screen.getByRole('dialog', { name: 'Restaurar a versão 1?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('cria a versão 3'));
    expect(api.calls(`POST ${EDITOR_PATH}/versions/1/restore`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Restaurar' }));

    expect(await screen.findByText('Versão 1 restaurada como versão 3.')).toBeVisible();
    expect(api.calls(`POST ${EDITOR_PATH}/versions/1/restore`)[0]?.body).toEqual({
      baseVersion: 2,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statementBox()).toHaveValue('<p>O enunciado importado.</p>');
    expect(versions.children[0]).toHaveTextContent('Versão 3RestauraçãoAtual');
  });
});

describe('/admin/questoes (finding the question)', () => {
  it('searches with the public search and opens a result in the editor', async () => {
    const api = stubEditor({
      'GET /questions/search': {
        items: [
          {
            ...questionCard(3),
            examLabel: 'Professor de Matemática · IBFC · 2017',
            excerpt: 'Qual é o valor de f(1/2)?',
          },
        ],
        total: 1,
        totalCapped: false,
        nextCursor: null,
      },
    });
    const { user, location } = await renderEditor('/admin/questoes');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por palavras' }), 'valor de f');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const results = await screen.findByRole('list', { name: 'Questões encontradas' });
    expect(location().search).toBe('?busca=valor+de+f');
    expect(api.calls('GET /questions/search')[0]?.search).toBe('?q=valor+de+f');
    expect(screen.getByText('1 questão encontrada')).toBeVisible();

    await user.click(within(results).getByRole('link', { name: /Questão 3/ }));
    expect(location().search).toBe(`?q=${QUESTION_ID}&busca=valor+de+f`);
    await screen.findByRole('heading', { level: 2, name: 'Questão 3' });
    await user.click(screen.getByRole('link', { name: 'Voltar à busca' }));
    expect(location().search).toBe('?busca=valor+de+f');
    expect(await screen.findByRole('list', { name: 'Questões encontradas' })).toBeVisible();
  });

  it('filters by discipline, board and year, with or without words, in the address', async () => {
    const api = stubEditor({
      'GET /questions/search': { items: [], total: 0, totalCapped: false, nextCursor: null },
    });
    const { user, location } = await renderEditor('/admin/questoes');
    const board = screen.getByRole('textbox', { name: 'Banca' });
    await user.type(board, 'IBFC{Enter}');
    await screen.findByText('Nenhuma questão encontrada');
    expect(location().search).toBe('?instituicao=IBFC');
    await user.type(screen.getByRole('textbox', { name: 'Ano' }), '2017{Enter}');
    await waitFor(() => expect(location().search).toBe('?instituicao=IBFC&ano=2017'));
    await waitFor(() =>
      expect(api.calls('GET /questions/search').at(-1)?.search).toBe('?instituicao=IBFC&ano=2017'),
    );
  });

  it('opens a question by its code', async () => {
    stubEditor();
    const { user, location } = await renderEditor('/admin/questoes');
    const code = screen.getByRole('textbox', { name: 'Abrir por código' });
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Digite o código da questão.'),
    );
    await user.type(code, `  ${QUESTION_ID} `);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(location().search).toBe(`?q=${QUESTION_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Questão 3' })).toBeVisible();
  });
});
