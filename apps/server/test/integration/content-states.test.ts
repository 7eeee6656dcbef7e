import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, questionDetailSchema } from '@gabarita/shared';
import { createCatalogService } from '@/modules/catalog/catalog.service';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { editedCatalog, FORMAT_2_EXAM, FORMAT_2_EXAMPLE } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Annulled and outdated questions through the API (docs/product-rules.md, "Annulled and outdated
 * questions"), with the format-2 example: question 5 is annulled, question 6 outdated.
 */
const EXAM = 'exemplo_2024_formato2_prova';
const question = (number: number) => `${EXAM}_${number}`;

describe('annulled and outdated questions', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await createContentImportService(testApp.database.db).importContent(FORMAT_2_EXAMPLE);
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const student = (premium = false) => signedInStudent(app(), testApp.database, { premium });
  const check = (cookie: string, id: string, letter: string) =>
    send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);

  it('shows the state, the note and the figures of a question, never a key', async () => {
    const annulled = parsed(
      await get(app(), `/api/questions/${question(5)}`),
      questionDetailSchema,
    );
    expect(annulled).toMatchObject({
      status: 'annulled',
      statusNote: 'A banca anulou a questão: as alternativas A e B indicam o mesmo volume.',
    });
    expect(annulled.figures).toEqual([
      {
        assetId: 'ex2_bequer',
        url: expect.stringMatching(/^\/api\/images\/ex2_bequer\?v=[0-9a-f]{16}$/),
        zoomUrl: null,
        width: 480,
        height: 320,
        // A raster may shrink to 60% of its pixel width: ceil(480 × 0.6).
        minWidth: 288,
      },
    ]);
    expect(JSON.stringify(annulled)).not.toMatch(/gabarito|answerLetter|"X"/);

    const outdated = parsed(
      await get(app(), `/api/questions/${question(6)}`),
      questionDetailSchema,
    );
    expect(outdated.status).toBe('outdated');
    expect(outdated.statusNote).toMatch(/^A Lei nº 13\.415\/2017 alterou o art\. 36 da LDB/);

    const regular = parsed(await get(app(), `/api/questions/${question(4)}`), questionDetailSchema);
    expect(regular).toMatchObject({ status: 'regular', statusNote: null });
    // Figures of the statement, the reference text and the alternatives, each once.
    expect(regular.figures.map((figure) => figure.assetId).sort()).toEqual([
      'ex2_lampada',
      'ex2_resistor',
    ]);
    expect(regular.figures.find((figure) => figure.assetId === 'ex2_resistor')).toMatchObject({
      width: 64,
      height: 24,
    });
  });

  it('sends image and formatted alternatives, and text alternatives exactly as written', async () => {
    const images = parsed(await get(app(), `/api/questions/${question(3)}`), questionDetailSchema);
    expect(images.alternatives[1]).toEqual({
      letter: 'B',
      text: '[Figura: Reta decrescente que passa pelos pontos (0, 1) e (1, −1).]',
      html: null,
      figure: {
        assetId: 'ex2_reta_b',
        description: 'Reta decrescente que passa pelos pontos (0, 1) e (1, −1).',
      },
    });
    expect(images.figures.find((figure) => figure.assetId === 'ex2_reta_b')).toMatchObject({
      width: 260,
      minWidth: 223,
    });
    const text = parsed(await get(app(), `/api/questions/${question(2)}`), questionDetailSchema);
    expect(text.alternatives.map((alternative) => alternative.text)).toEqual([
      '75, e 75 < 100',
      '7,5 & 0,75',
      '750 > 100',
      '"setenta e cinco" por cento de \'cem\'',
    ]);
  });

  it('refuses to check an annulled question, in Portuguese, without spending a free check', async () => {
    const { cookie } = await student();
    for (let attempt = 0; attempt < 4; attempt++) {
      const refused = await check(cookie, question(5), 'A');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'study/question-annulled', message: CATALOG_MESSAGES.questionAnnulled },
      });
    }
    // The three free checks of the day are all still there.
    for (const number of [1, 2, 7]) {
      expect((await check(cookie, question(number), 'A')).statusCode).toBe(200);
    }
    expect((await check(cookie, question(3), 'A')).statusCode).toBe(402);
  });

  it('checks an outdated question as any other, against the key of its time', async () => {
    const { cookie } = await student(true);
    expect((await check(cookie, question(6), 'C')).json()).toEqual({
      correct: true,
      gabarito: 'C',
    });
  });

  it('leaves annulled questions out of every count, and lists them only in their exam', async () => {
    const detail = (await get(app(), `/api/exams/${EXAM}`)).json();
    expect(detail.exam).toMatchObject({
      questionCount: 6,
      annulledCount: 1,
      outdatedCount: 1,
      source: {
        origem: 'Prova de exemplo escrita para a documentação do formato de importação',
        licenca: 'CC0 1.0 (domínio público)',
        url: 'https://creativecommons.org/publicdomain/zero/1.0/deed.pt-br',
      },
    });
    expect(detail.questions.map((card: { status: string }) => card.status)).toEqual([
      'regular',
      'regular',
      'regular',
      'regular',
      'annulled',
      'outdated',
      'regular',
    ]);

    const search = (await get(app(), '/api/exams?disciplina=fisica')).json();
    expect(search.items[0]).toMatchObject({ id: EXAM, questionCount: 6, matchingQuestionCount: 1 });
    expect(search.facets.disciplina).toContainEqual({ value: 'fisica', label: 'Física', count: 1 });

    const disciplines = (await get(app(), '/api/disciplines')).json();
    const fisica = disciplines.disciplines.find((d: { code: string }) => d.code === 'fisica');
    expect(fisica).toEqual({
      code: 'fisica',
      name: 'Física',
      questionCount: 1,
      subjects: [{ name: 'Eletricidade', questionCount: 1 }],
    });
    const list = (await get(app(), '/api/disciplines/fisica/questions')).json();
    expect(list.total).toBe(1);
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([question(4)]);
  });

  it('filters outdated questions out of a discipline list when asked', async () => {
    const all = (await get(app(), '/api/disciplines/legislacao/questions')).json();
    expect(all.total).toBe(1);
    expect(all.items[0]).toMatchObject({ id: question(6), status: 'outdated' });
    const current = (
      await get(app(), '/api/disciplines/legislacao/questions?ocultarDesatualizadas=true')
    ).json();
    expect(current).toMatchObject({ total: 0, items: [] });
    const invalid = await get(
      app(),
      '/api/disciplines/legislacao/questions?ocultarDesatualizadas=sim',
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      ocultarDesatualizadas: 'Use "true" ou "false".',
    });
  });

  it('leaves an answer out of the statistics once its question is annulled', async () => {
    const { cookie } = await student(true);
    await check(cookie, question(1), 'C');
    await check(cookie, question(2), 'B');
    const before = (await get(app(), '/api/me/history/summary', cookie)).json();
    expect(before.totals).toMatchObject({ answered: 2, correct: 1 });

    // The board annuls question 2 after the student answered it.
    const annulled = editedCatalog((catalog) => {
      const item = catalog.question(FORMAT_2_EXAM, '2');
      item.situacao = 'anulada';
      item.nota = 'Anulada depois da prova.';
    }, FORMAT_2_EXAMPLE);
    await createContentImportService(testApp.database.db).importContent(annulled);
    try {
      const after = (await get(app(), '/api/me/history/summary', cookie)).json();
      expect(after.totals).toMatchObject({ answered: 1, correct: 1, wrong: 0 });
      expect(
        after.disciplines.map((d: { code: string; answered: number }) => [d.code, d.answered]),
      ).toEqual([['ciencias', 1]]);
    } finally {
      await createContentImportService(testApp.database.db).importContent(FORMAT_2_EXAMPLE);
    }
  });

  it('gives the tutor the statement as text with its figures described, and the state', async () => {
    const catalog = createCatalogService(testApp.database.db);
    const material = await catalog.tutorMaterial(question(4));
    expect(material?.statementText).toBe(
      'Segundo o texto, o símbolo [Figura: Símbolo de lâmpada: um círculo com um X dentro.] representa',
    );
    expect(material?.alternatives[0]).toEqual({
      letter: 'A',
      text: 'um resistor [Figura: símbolo de resistor], medido em ohms (Ω).',
    });
    expect(await catalog.tutorMaterial(question(6))).toMatchObject({
      status: 'outdated',
      statusNote: expect.stringMatching(/^A Lei nº 13\.415\/2017/),
    });
    // Annulled questions are no study material.
    expect(
      (await catalog.subjectMaterial('fisica', 'Hidrostática', 5)).map((item) => item.id),
    ).toEqual([]);
  });

  it('serves the original of a re-encoded image, and the image itself otherwise', async () => {
    const page = await get(app(), '/api/images/ex2_reta_a');
    const original = await get(app(), '/api/images/ex2_reta_a/original');
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/svg+xml');
    expect(original.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    );
    expect(original.body).toBe(page.body);
    expect((await get(app(), '/api/images/nao_existe/original')).statusCode).toBe(404);
  });
});
