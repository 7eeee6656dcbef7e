import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  STUDY_TOOLS_MESSAGES,
  questionSearchResponseSchema,
  questionFacetsResponseSchema,
} from '@gabarita/shared';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { editedCatalog } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ALFA = 'alfa_2017_prova.json';
const BETA = 'beta_2015_prova.json';
const GAMA = 'gama_2015_prova.json';

/** The mini catalogue with Portuguese statements to search (docs/product-rules.md, "Question search"). */
function searchCatalog() {
  return editedCatalog((catalog) => {
    catalog.question(ALFA, '1').questao =
      '<p>Sobre as <strong>licitações</strong> públicas, assinale a alternativa correta.</p>';
    catalog.question(ALFA, '2').questao = '<p>Calcule a fração &amp; simplifique.</p>';
    catalog.question(ALFA, '2').Alternativas = ['A) 1/2', 'B) 1/3', 'C) Ação penal', 'D) 2/5'];
    catalog.question(BETA, '1').questao = '<p>O órgão público deve publicar a licitação.</p>';
    catalog.question(GAMA, '1').questao = '<p>Read the text about constitutional rights.</p>';
    catalog.question(GAMA, '2').questao = '<p>Emprega-se a crase antes de palavras femininas.</p>';
  });
}

type Card = { id: string; response: string | null; excerpt: string; examLabel: string };

describe('question search', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await createContentImportService(testApp.database.db).importContent(searchCatalog());
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const search = async (query: string, cookie?: string) => {
    const response = await get(app(), `/api/questions/search?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, questionSearchResponseSchema);
  };
  const ids = async (query: string, cookie?: string) =>
    (await search(query, cookie)).items.map((item) => item.id);

  it('finds words of statements and alternatives, ignoring accents and word endings', async () => {
    // 'licitacao' without accents finds 'licitação'; 'licitações' finds both forms.
    expect(await ids('q=licitacao')).toEqual(['beta_2015_prova_1']);
    expect(await ids(`q=${encodeURIComponent('licitações')}`)).toEqual([
      'alfa_2017_prova_1',
      'beta_2015_prova_1',
    ]);
    expect(await ids(`q=${encodeURIComponent('PÚBLICO')}`)).toEqual([
      'alfa_2017_prova_1',
      'beta_2015_prova_1',
    ]);
    expect(await ids('q=orgao')).toEqual(['beta_2015_prova_1']);
    // Alternatives are searched too; all words must match.
    expect(await ids('q=acao%20penal')).toEqual(['alfa_2017_prova_2']);
    expect(await ids('q=acao%20crase')).toEqual([]);
    // Phrases and exclusions as web search engines take them.
    expect(await ids(`q=${encodeURIComponent('"órgão público"')}`)).toEqual(['beta_2015_prova_1']);
    expect(await ids(`q=${encodeURIComponent('licitação -órgão')}`)).toEqual(['alfa_2017_prova_1']);
  });

  it('finds a phrase only where its words follow each other in its order', async () => {
    const phrase = async (text: string) => ids(`q=${encodeURIComponent(text)}`);
    expect(await phrase('"público órgão"')).toEqual([]);
    expect(await phrase('"órgão deve"')).toEqual([]);
    // Across a tag, without accents, across a stop word, after a word of the same statement.
    expect(await phrase('"licitacoes publicas"')).toEqual(['alfa_2017_prova_1']);
    expect(await phrase('"deve publicar a licitação"')).toEqual(['beta_2015_prova_1']);
    expect(await phrase('"órgão público deve publicar"')).toEqual(['beta_2015_prova_1']);
    expect(await phrase('licitação -"órgão público"')).toEqual(['alfa_2017_prova_1']);
    expect(await phrase('"órgão público" or "ação penal"')).toEqual([
      'alfa_2017_prova_2',
      'beta_2015_prova_1',
    ]);
  });

  it('searches what is left of stacked operators instead of failing (33 or more dashes)', async () => {
    const dashes = '-'.repeat(40);
    for (const text of [
      `${dashes}`,
      `a ${dashes}`,
      `${'- '.repeat(40)}crase`,
      `""${dashes}crase`,
    ]) {
      await search(`q=${encodeURIComponent(text)}`);
    }
    // One negation however many dashes: the licitação that is not about the órgão.
    expect(await ids(`q=${encodeURIComponent(`licitação ${dashes}órgão`)}`)).toEqual([
      'alfa_2017_prova_1',
    ]);
  });

  it('offers the filters with the number of questions each finds, not the number of exams', async () => {
    const facets = async (query: string) =>
      parsed(await get(app(), `/api/questions/facets${query}`), questionFacetsResponseSchema)
        .facets;
    const count = (options: { value: string; count: number }[], value: string) =>
      options.find((option) => option.value === value)?.count;
    // The mini catalogue: Alfa (2017) has 5 questions, Beta (2015) 3 and Gama (2015) 2.
    const all = await facets('');
    expect(count(all.ano!, '2015')).toBe(5);
    expect(count(all.ano!, '2017')).toBe(5);
    expect(count(all.disciplina!, 'matematica')).toBe(
      (await search('disciplina=matematica')).total,
    );
    const math = await facets('?disciplina=matematica');
    expect(count(math.assunto!, 'Frações')).toBe(
      (await search('disciplina=matematica&assunto=Fra%C3%A7%C3%B5es')).total,
    );
    // Each option's count is what choosing it lists.
    for (const option of all.ano!) {
      expect((await search(`ano=${option.value}`)).total).toBe(option.count);
    }
    expect((await get(app(), '/api/questions/facets?ano=' + 'x'.repeat(300))).statusCode).toBe(400);
  });

  it('lists newest exams first with cards that carry a plain-text excerpt', async () => {
    const result = await search(`q=${encodeURIComponent('licitações')}`);
    expect(result.total).toBe(2);
    expect(result.items[0]).toMatchObject({
      id: 'alfa_2017_prova_1',
      examLabel: 'Professor de Matemática — Câmara de Alfa (2017)',
      excerpt: 'Sobre as licitações públicas, assinale a alternativa correta.',
      response: null,
    });
    expect((await search('q=fracao')).items[0]!.excerpt).toBe('Calcule a fração & simplifique.');
  });

  it('a text of stop words only searches nothing; no text lists every question', async () => {
    const all = await search('');
    expect(all.total).toBe(10);
    expect((await search('q=de%20a%20o')).total).toBe(10);
    expect(all.items.slice(0, 5).map((item) => item.id)).toEqual([
      'alfa_2017_prova_1',
      'alfa_2017_prova_2',
      'alfa_2017_prova_3',
      'alfa_2017_prova_4',
      'alfa_2017_prova_5',
    ]);
  });

  it('combines the catalogue filters with AND', async () => {
    expect(await ids('instituicao=Banca%20Y')).toEqual(['gama_2015_prova_1', 'gama_2015_prova_2']);
    expect((await search(`orgao=${encodeURIComponent('Câmara de Alfa')}`)).total).toBe(7);
    expect((await search('ano=2015')).total).toBe(5);
    expect((await search(`nivel=${encodeURIComponent('Médio')}`)).total).toBe(2);
    expect((await search(`cargo=${encodeURIComponent('Técnico')}`)).total).toBe(2);
    expect(await ids('disciplina=matematica&ano=2015')).toEqual(['beta_2015_prova_3']);
    expect(await ids(`disciplina=matematica&assunto=${encodeURIComponent('Frações')}`)).toEqual([
      'alfa_2017_prova_1',
      'alfa_2017_prova_2',
    ]);
    // A subject alone matches it in any discipline.
    expect((await search(`assunto=${encodeURIComponent('Interpretação')}`)).total).toBe(3);
    expect(await ids('q=licitacao&disciplina=fisica')).toEqual(['beta_2015_prova_1']);
  });

  it('filters by my status: unsolved, right, wrong; the status needs a signed-in user', async () => {
    const { cookie } = await signedInStudent(app(), testApp.database, { premium: true });
    const markedQuery = 'disciplina=matematica&instituicao=Banca%20X';
    const responses = async (who?: string) =>
      (await search(markedQuery, who)).items.map((item) => item.response);
    const noneAnswered = [null, null, null, null];
    // Seen before the answers: the page is kept for everyone, the answers are this student's.
    expect(await responses(cookie)).toEqual(noneAnswered);
    await send(app(), 'POST', '/api/questions/alfa_2017_prova_1/check', { letter: 'A' }, cookie);
    await send(app(), 'POST', '/api/questions/alfa_2017_prova_2/check', { letter: 'A' }, cookie);
    // Reopened without an answer: still unsolved.
    await send(app(), 'POST', '/api/questions/alfa_2017_prova_3/open', {}, cookie);

    expect(await ids('status=acertei', cookie)).toEqual(['alfa_2017_prova_1']);
    expect(await ids('status=errei', cookie)).toEqual(['alfa_2017_prova_2']);
    const unsolved = await search('status=nao-resolvidas', cookie);
    expect(unsolved.total).toBe(8);
    expect(unsolved.items.map((item) => item.id)).toContain('alfa_2017_prova_3');
    expect(unsolved.items.every((item) => item.response === null)).toBe(true);
    const marked = await search(markedQuery, cookie);
    expect(marked.items.map((item) => [item.id, item.response])).toEqual([
      ['alfa_2017_prova_1', 'c'],
      ['alfa_2017_prova_2', 'e'],
      ['alfa_2017_prova_3', null],
      ['beta_2015_prova_3', null],
    ]);
    const other = await signedInStudent(app(), testApp.database);
    for (const who of [undefined, other.cookie]) expect(await responses(who)).toEqual(noneAnswered);

    const visitor = await get(app(), '/api/questions/search?status=errei');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual({
      code: 'auth/unauthenticated',
      message: STUDY_TOOLS_MESSAGES.statusNeedsSignIn,
    });
    const invalid = await get(app(), '/api/questions/search?status=todas', cookie);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(STUDY_TOOLS_MESSAGES.invalidStatus);
  });

  it('a page filtered by my status follows each of my answers, and is mine alone', async () => {
    const me = await signedInStudent(app(), testApp.database, { premium: true });
    const other = await signedInStudent(app(), testApp.database, { premium: true });
    const check = (id: string, letter: string, cookie: string) =>
      send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);
    // Asked twice before any answer: the second is the page kept for this history.
    expect(await ids('status=errei', me.cookie)).toEqual([]);
    expect(await ids('status=errei', me.cookie)).toEqual([]);
    const unsolved = async () => (await search('status=nao-resolvidas', me.cookie)).total;
    const unsolvedBefore = await unsolved();

    await check('alfa_2017_prova_2', 'A', me.cookie);
    expect(await ids('status=errei', me.cookie)).toEqual(['alfa_2017_prova_2']);
    expect(await unsolved()).toBe(unsolvedBefore - 1);
    await check('alfa_2017_prova_1', 'B', me.cookie);
    expect(await ids('status=errei', me.cookie)).toEqual([
      'alfa_2017_prova_1',
      'alfa_2017_prova_2',
    ]);
    expect(await ids('status=acertei', me.cookie)).toEqual([]);
    await check('alfa_2017_prova_4', 'B', me.cookie);
    expect(await ids('status=acertei', me.cookie)).toEqual(['alfa_2017_prova_4']);
    // Right on a second try: the first answer is the one kept (docs/product-rules.md).
    await check('alfa_2017_prova_2', 'C', me.cookie);
    expect(await ids('status=errei', me.cookie)).toEqual([
      'alfa_2017_prova_1',
      'alfa_2017_prova_2',
    ]);
    expect(await unsolved()).toBe(unsolvedBefore - 3);

    expect(await ids('status=errei', other.cookie)).toEqual([]);
    expect(await ids('status=acertei', other.cookie)).toEqual([]);
  });

  it('pages with a cursor that survives answers given in between', async () => {
    const catalog = editedCatalog((edit) => {
      const exam = edit.exam(ALFA);
      for (let number = 6; number <= 2 * SEARCH_PAGE_SIZE + 5; number++) {
        exam.questoes[String(number)] = {
          id_questao: String(number),
          questao: `<p>Questão extra ${number} sobre orçamento.</p>`,
          Alternativas: ['A) Um', 'B) Dois'],
          gabarito: 'A',
          disciplina: 'matematica',
          assunto: 'Frações',
        };
      }
      exam.TOTAL = String(2 * SEARCH_PAGE_SIZE + 5);
      exam.disciplinas.matematica = {
        total: String(2 * SEARCH_PAGE_SIZE + 3),
        assuntos: { Frações: String(2 * SEARCH_PAGE_SIZE + 2), Geometria: '1' },
      };
    }, searchCatalog());
    const separate = await createTestApp();
    try {
      await createContentImportService(separate.database.db).importContent(catalog);
      const { cookie } = await signedInStudent(separate.app, separate.database, { premium: true });
      const page = async (cursor?: string) =>
        parsed(
          await get(
            separate.app,
            `/api/questions/search?q=orcamento&status=nao-resolvidas${cursor ? `&cursor=${cursor}` : ''}`,
            cookie,
          ),
          questionSearchResponseSchema,
        );
      const first = await page();
      expect(first.total).toBe(2 * SEARCH_PAGE_SIZE);
      expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
      // Answering questions of the first page does not make the second skip any.
      for (const item of first.items.slice(0, 5)) {
        await send(
          separate.app,
          'POST',
          `/api/questions/${item.id}/check`,
          { letter: 'A' },
          cookie,
        );
      }
      const second = await page(first.nextCursor!);
      expect(second.items).toHaveLength(SEARCH_PAGE_SIZE);
      expect(second.nextCursor).toBeNull();
      const seen = new Set([...first.items, ...second.items].map((item) => item.id));
      expect(seen.size).toBe(2 * SEARCH_PAGE_SIZE);
      expect(
        (await get(separate.app, '/api/questions/search?cursor=bm9wZQ', cookie)).statusCode,
      ).toBe(400);
    } finally {
      await separate.close();
    }
  });

  it('leaves annulled questions out', async () => {
    const catalog = editedCatalog((edit) => {
      edit.exam(BETA).versao = 2;
      edit.question(BETA, '1').situacao = 'anulada';
    }, searchCatalog());
    const separate = await createTestApp();
    try {
      await createContentImportService(separate.database.db).importContent(catalog);
      const found = (await get(separate.app, '/api/questions/search?q=licitacoes')).json();
      expect(found.items.map((item: Card) => item.id)).toEqual(['alfa_2017_prova_1']);
    } finally {
      await separate.close();
    }
  });

  it('answers a text from its matches kept for the catalogue version, and anew after an import', async () => {
    const separate = await createTestApp();
    const phrase = `q=${encodeURIComponent('"órgão público"')}`;
    const found = async () =>
      (await get(separate.app, `/api/questions/search?${phrase}`))
        .json()
        .items.map((item: Card) => item.id);
    try {
      const importer = createContentImportService(separate.database.db);
      await importer.importContent(searchCatalog());
      expect(await found()).toEqual(['beta_2015_prova_1']);
      expect(await found()).toEqual(['beta_2015_prova_1']);
      await importer.importContent(
        editedCatalog((edit) => {
          edit.question(GAMA, '2').questao = '<p>O órgão público responde pelos atos.</p>';
        }, searchCatalog()),
      );
      expect(await eventually(found, (ids: string[]) => ids.length > 1)).toEqual([
        'gama_2015_prova_2',
        'beta_2015_prova_1',
      ]);
    } finally {
      await separate.close();
    }
  });
});
