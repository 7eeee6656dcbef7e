import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_OPTIONS_LABEL, examSearchResponseSchema } from '@gabarita/shared';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { createPasswordUser, get, send, signIn } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Facets = Record<string, { value: string; count: number }[]>;

describe('catalogue API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  const search = async (query: Record<string, string> = {}, cookie?: string) => {
    const response = await get(app(), `/api/exams?${new URLSearchParams(query)}`, cookie);
    expect(response.statusCode).toBe(200);
    return parsed(response, examSearchResponseSchema);
  };
  const options = (facets: Facets, key: string) => facets[key]!.map((o) => `${o.value}:${o.count}`);

  // Table-driven: the rules of docs/product-rules.md, "Exam filters".
  const cases: {
    name: string;
    query: Record<string, string>;
    exams: string[];
    facets?: Record<string, string[]>;
  }[] = [
    {
      name: 'no filter: everything, options sorted pt-BR',
      query: {},
      exams: ['alfa_2017_prova', 'beta_2015_prova', 'gama_2015_prova'],
      facets: {
        cargo: ['Professor:2', 'Técnico:1'],
        orgao: ['Câmara de Alfa:2', 'Escola Beta:1'],
        ano: ['2015:2', '2017:1'],
        disciplina: ['fisica:1', 'ingles:1', 'portugues:2', 'matematica:2'],
      },
    },
    {
      name: 'cargo matches cargo_geral; its own options ignore it, the others apply it',
      query: { cargo: 'Professor' },
      exams: ['alfa_2017_prova', 'beta_2015_prova'],
      facets: {
        cargo: ['Professor:2', 'Técnico:1'],
        orgao: ['Câmara de Alfa:1', 'Escola Beta:1'],
        nivel: ['Superior:2'],
      },
    },
    {
      name: 'filters combine with AND',
      query: { cargo: 'Professor', ano: '2015' },
      exams: ['beta_2015_prova'],
      facets: { ano: ['2015:1', '2017:1'], cargo: ['Professor:1', 'Técnico:1'] },
    },
    {
      name: 'a subject alone matches exams having it in any discipline',
      query: { assunto: 'Interpretação' },
      exams: ['alfa_2017_prova', 'gama_2015_prova'],
      facets: { disciplina: ['ingles:1', 'portugues:1'] },
    },
    {
      name: 'with a discipline the subject must be in that discipline',
      query: { disciplina: 'ingles', assunto: 'Interpretação' },
      exams: ['gama_2015_prova'],
    },
    {
      name: 'subject options depend on the chosen discipline',
      query: { disciplina: 'matematica' },
      exams: ['alfa_2017_prova', 'beta_2015_prova'],
      facets: { assunto: ['Frações:1', 'Geometria:2'] },
    },
  ];

  it.each(cases)('$name', async ({ query, exams, facets }) => {
    const result = await search(query);
    expect(result.items.map((item) => item.id).sort()).toEqual(exams);
    expect(result.total).toBe(exams.length);
    for (const [key, expected] of Object.entries(facets ?? {})) {
      expect(options(result.facets, key), key).toEqual(expected);
    }
    expect(JSON.stringify(result.facets)).not.toContain(ALL_OPTIONS_LABEL);
  });

  it('counts matching questions when a discipline is filtered', async () => {
    const result = await search({ disciplina: 'matematica' });
    const counts = Object.fromEntries(
      result.items.map((item) => [item.id, item.matchingQuestionCount]),
    );
    expect(counts).toEqual({ alfa_2017_prova: 3, beta_2015_prova: 1 });
    const bySubject = await search({ disciplina: 'matematica', assunto: 'Geometria' });
    expect(
      Object.fromEntries(bySubject.items.map((item) => [item.id, item.matchingQuestionCount])),
    ).toEqual({
      alfa_2017_prova: 1,
      beta_2015_prova: 1,
    });
    expect((await search()).items.every((item) => item.matchingQuestionCount === null)).toBe(true);
  });

  it('flags exams already in the signed-in user history, and only theirs', async () => {
    const a = await createPasswordUser(testApp.database.db);
    const b = await createPasswordUser(testApp.database.db);
    const cookieA = await signIn(app(), a.email, a.password);
    const cookieB = await signIn(app(), b.email, b.password);
    expect(
      (await send(app(), 'POST', '/api/questions/beta_2015_prova_2/open', {}, cookieA)).statusCode,
    ).toBe(204);

    const flags = (result: Awaited<ReturnType<typeof search>>) =>
      Object.fromEntries(result.items.map((item) => [item.id, item.inHistory]));
    expect(flags(await search({}, cookieA))).toEqual({
      alfa_2017_prova: false,
      beta_2015_prova: true,
      gama_2015_prova: false,
    });
    expect(flags(await search({}, cookieB))).toEqual({
      alfa_2017_prova: false,
      beta_2015_prova: false,
      gama_2015_prova: false,
    });
  });

  it('describes disciplines with their subjects and counts', async () => {
    const { disciplines } = (await get(app(), '/api/disciplines')).json();
    expect(disciplines.map((d: { code: string }) => d.code)).toEqual([
      'fisica',
      'ingles',
      'portugues',
      'matematica',
    ]);
    const matematica = disciplines.find((d: { code: string }) => d.code === 'matematica');
    expect(matematica).toEqual({
      code: 'matematica',
      name: 'Matemática',
      questionCount: 4,
      subjects: [
        { name: 'Frações', questionCount: 2 },
        { name: 'Geometria', questionCount: 2 },
      ],
    });
  });

  it('lists a discipline questions by subject', async () => {
    const all = (await get(app(), '/api/disciplines/matematica/questions')).json();
    expect(all.total).toBe(4);
    expect(all.items[0]).toMatchObject({
      examLabel: 'Professor de Matemática — Câmara de Alfa (2017)',
      response: null,
    });
    const geometry = (
      await get(
        app(),
        `/api/disciplines/matematica/questions?assunto=${encodeURIComponent('Geometria')}`,
      )
    ).json();
    expect(geometry.items.map((q: { id: string }) => q.id)).toEqual([
      'alfa_2017_prova_3',
      'beta_2015_prova_3',
    ]);
    expect((await get(app(), '/api/disciplines/astrologia/questions')).statusCode).toBe(404);
  });

  it('gives an exam with its question cards', async () => {
    const detail = (await get(app(), '/api/exams/alfa_2017_prova')).json();
    expect(detail.exam).toMatchObject({
      id: 'alfa_2017_prova',
      questionCount: 5,
      demonstration: true,
    });
    expect(detail.questions.map((q: { number: number }) => q.number)).toEqual([1, 2, 3, 4, 5]);
    expect(detail.questions[3]).toMatchObject({
      disciplina: 'portugues',
      disciplinaNome: 'Língua Portuguesa',
      assunto: 'Interpretação',
    });
    const missing = await get(app(), '/api/exams/nao_existe_prova');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Prova não encontrada.');
  });

  it('gives a question with reference texts and image, never its key', async () => {
    const question = (await get(app(), '/api/questions/alfa_2017_prova_4')).json();
    expect(question.referenceTexts).toEqual([
      { key: 'id_texto_1', html: '<p>Texto de apoio compartilhado.</p>' },
    ]);
    expect(question.recordedAnswer).toBeNull();
    expect(JSON.stringify(question)).not.toMatch(/gabarito|answerLetter/);

    const withImage = (await get(app(), '/api/questions/alfa_2017_prova_3')).json();
    expect(withImage.image.description).toBe(
      'Gráfico de barras com duas barras: a segunda é mais alta.',
    );
    const image = await get(app(), withImage.image.url);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('pages exams 15 at a time with a cursor', async () => {
    const { writeSyntheticCatalog } = await import('@/modules/content-import/synth/synthesize');
    const dir = `${(await import('node:os')).tmpdir()}/gabarita-synth-${Date.now()}`;
    writeSyntheticCatalog(dir, { exams: 32, questions: 96 });
    const other = await createTestApp();
    try {
      await createContentImportService(other.database.db).importContent(dir);
      const seen: string[] = [];
      let cursor: string | null = '';
      const pages: number[] = [];
      while (cursor !== null) {
        const response = await get(other.app, `/api/exams${cursor ? `?cursor=${cursor}` : ''}`);
        const page = response.json();
        expect(page.total).toBe(32);
        pages.push(page.items.length);
        seen.push(...page.items.map((item: { id: string }) => item.id));
        cursor = page.nextCursor;
      }
      expect(pages).toEqual([15, 15, 2]);
      expect(new Set(seen).size).toBe(32);
      expect((await get(other.app, '/api/exams?cursor=@@@')).statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe('catalogue API before any import', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('answers the search with no exams and no filter options', async () => {
    const response = await get(testApp.app, '/api/exams');
    expect(response.statusCode).toBe(200);
    const body = parsed(response, examSearchResponseSchema);
    expect(body.items).toEqual([]);
    expect(body.total).toBe(0);
    for (const options of Object.values(body.facets)) expect(options).toEqual([]);
  });
});
