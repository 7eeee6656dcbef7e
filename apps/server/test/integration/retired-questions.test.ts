import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_MESSAGES,
  QUESTION_EDITOR_MESSAGES,
  auditPageSchema,
  contentCheckSchema,
  disciplineQuestionsResponseSchema,
  disciplinesResponseSchema,
  examDetailResponseSchema,
  examSearchResponseSchema,
  historySummaryResponseSchema,
  questionDetailSchema,
  questionFacetsResponseSchema,
  questionSearchResponseSchema,
  reviewResponseSchema,
  simuladoSchema,
} from '@gabarita/shared';
import { questions } from '@/db/schema';
import {
  ContentProblemsError,
  createContentImportService,
  type ImportOptions,
} from '@/modules/content-import/content-import.service';
import { createOperatorService } from '@/modules/operator/operator.service';
import { APP_ORIGIN, get, send, signedInStudent } from '../helpers/accounts';
import { type EditableCatalog, editedCatalog, MINI_CATALOG } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventsOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { folderEntries, multipartFile, zipOf } from '../helpers/zip';

/**
 * Questions a re-import leaves out are retired, not deleted, and only on purpose
 * (docs/product-rules.md, "Retired questions"). The mini catalogue's alfa exam has 5 questions:
 * 1 and 2 (matemática, Frações), 3 (matemática, Geometria), 4 and 5 (português).
 */
const ALFA = 'alfa_2017_prova';
const alfa = (number: number) => `${ALFA}_${number}`;

/** Takes questions out of an exam file, with the counts the file declares. */
function withoutQuestions(catalog: EditableCatalog, file: string, numbers: number[]) {
  const exam = catalog.exam(file);
  for (const number of numbers) delete exam.questoes[String(number)];
  // Format 1 writes its counts as text.
  const tally: typeof exam.disciplinas = {};
  for (const question of Object.values(exam.questoes)) {
    const entry = (tally[question.disciplina] ??= { total: '0', assuntos: {} });
    entry.total = String(Number(entry.total) + 1);
    entry.assuntos[question.assunto] = String(Number(entry.assuntos[question.assunto] ?? 0) + 1);
  }
  exam.disciplinas = tally;
  exam.TOTAL = String(Object.keys(exam.questoes).length);
}

/** The mini catalogue without alfa's questions 2 and 3, and with question 1 reworded. */
const shrunk = () =>
  editedCatalog((catalog) => {
    withoutQuestions(catalog, `${ALFA}.json`, [2, 3]);
    catalog.question(`${ALFA}.json`, '1').questao = '<p>Enunciado 1 revisado.</p>';
  });

describe('retired questions', () => {
  let testApp: TestApp;
  let answered: { cookie: string };
  let editor: string;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    editor = (await signedInStudent(testApp.app, testApp.database, { role: 'editor' })).cookie;
    // A Premium student got question 1 right and question 2 wrong (it is in their notebook).
    answered = await signedInStudent(testApp.app, testApp.database, { premium: true });
    for (const [id, letter] of [
      [alfa(1), 'A'],
      [alfa(2), 'A'],
    ] as const) {
      const checked = await check(answered.cookie, id, letter);
      expect(checked.statusCode, checked.body).toBe(200);
    }
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const importer = () => createContentImportService(testApp.database.db);
  /** `npm run content:import -- <args>` */
  const command = (args: string[]) =>
    createOperatorService(testApp.database).run('content:import', args, 'direct');
  const check = (cookie: string, id: string, letter: string) =>
    send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);
  const stored = async (id: string) =>
    (
      await testApp.database.db
        .select({ statementHtml: questions.statementHtml, retiredAt: questions.retiredAt })
        .from(questions)
        .where(eq(questions.id, id))
    )[0];
  const refusal = (dir: string, options: ImportOptions = {}) =>
    importer()
      .importContent(dir, undefined, options)
      .then(
        () => null,
        (error: unknown) => error,
      );
  const alfaCard = async (cookie?: string) =>
    parsed(await get(app(), '/api/exams', cookie), examSearchResponseSchema).items.find(
      (item) => item.id === ALFA,
    );
  const examQuestionIds = async () =>
    parsed(await get(app(), `/api/exams/${ALFA}`), examDetailResponseSchema).questions.map(
      (question) => question.id,
    );

  it('changes nothing without --allow-removals, and says what would leave and who answered it', async () => {
    const dir = shrunk();
    for (const options of [{}, { check: true }]) {
      const error = await refusal(dir, options);
      expect(error).toBeInstanceOf(ContentProblemsError);
      expect((error as ContentProblemsError).problems).toEqual([
        {
          file: `provas/${ALFA}.json`,
          path: '$.questoes',
          message: expect.stringMatching(
            /^2 questões deixariam o catálogo \(2, 3\), respondidas por 1 aluno: se é isso mesmo, importe com --allow-removals \(no navegador, marque "Retirar do catálogo as questões que não estão no arquivo"\)/,
          ),
        },
      ]);
      expect((error as Error).message).toContain(
        `provas/${ALFA}.json (1 problema)\n  $.questoes: 2 questões deixariam o catálogo (2, 3)`,
      );
    }
    // The operator command says the same, and how to go on.
    await expect(command([dir])).rejects.toThrow(
      /\$\.questoes: 2 questões deixariam o catálogo \(2, 3\), respondidas por 1 aluno: se é isso mesmo, importe com --allow-removals/,
    );
    // All or nothing: not even the reworded question changed.
    expect(await stored(alfa(1))).toEqual({
      statementHtml: '<p>Enunciado 1.</p>',
      retiredAt: null,
    });
    expect(await stored(alfa(2))).toMatchObject({ retiredAt: null });
    expect(await examQuestionIds()).toEqual([1, 2, 3, 4, 5].map(alfa));

    // Allowed, the check lists them and still writes nothing.
    const checked = await importer().importContent(dir, undefined, {
      check: true,
      allowRemovals: true,
    });
    expect(checked).toMatchObject({ retired: 2, restored: 0 });
    expect(checked.lines).toContain(
      `prova ${ALFA}: 2 questões deixariam o catálogo (2, 3), respondidas por 1 aluno; com --allow-removals, serão retiradas.`,
    );
    expect(await stored(alfa(3))).toMatchObject({ retiredAt: null });
  });

  it('retires them with --allow-removals: out of lists, counts and search, kept by who answered', async () => {
    expect((await alfaCard())?.questionCount).toBe(5);
    const lines = await command([shrunk(), '--allow-removals']);
    expect(lines).toContain(
      `prova ${ALFA}: 2 questões retiradas do catálogo (2, 3), respondidas por 1 aluno; o histórico dos alunos as mantém.`,
    );
    // Retired, not deleted.
    for (const number of [2, 3]) {
      expect((await stored(alfa(number)))?.retiredAt).toBeInstanceOf(Date);
    }
    expect(await stored(alfa(1))).toEqual({
      statementHtml: '<p>Enunciado 1 revisado.</p>',
      retiredAt: null,
    });

    // Out of the exam, its counts, the disciplines and the search.
    expect((await alfaCard())?.questionCount).toBe(3);
    expect(await examQuestionIds()).toEqual([1, 4, 5].map(alfa));
    const disciplines = parsed(
      await get(app(), '/api/disciplines'),
      disciplinesResponseSchema,
    ).disciplines;
    // Matemática: alfa 1 and beta 3 (alfa 2 and 3 retired).
    expect(disciplines.find((discipline) => discipline.code === 'matematica')).toMatchObject({
      questionCount: 2,
      subjects: [
        { name: 'Frações', questionCount: 1 },
        { name: 'Geometria', questionCount: 1 },
      ],
    });
    const listed = parsed(
      await get(app(), '/api/disciplines/matematica/questions'),
      disciplineQuestionsResponseSchema,
    ).items.map((item) => item.id);
    expect(listed).toEqual([alfa(1), 'beta_2015_prova_3']);
    const found = parsed(
      await get(app(), '/api/questions/search?q=enunciado&disciplina=matematica'),
      questionSearchResponseSchema,
    ).items.map((item) => item.id);
    expect(found.sort()).toEqual([alfa(1), 'beta_2015_prova_3']);
    const facets = parsed(
      await get(app(), '/api/questions/facets?cargo=Professor'),
      questionFacetsResponseSchema,
    ).facets.disciplina;
    expect(facets.find((option) => option.value === 'matematica')?.count).toBe(2);

    // The student who answered keeps them: statistics, notebook, the question itself.
    const summary = parsed(
      await get(app(), '/api/me/history/summary', answered.cookie),
      historySummaryResponseSchema,
    );
    expect(summary.totals).toMatchObject({ answered: 2, correct: 1 });
    const notebook = parsed(
      await get(app(), '/api/me/review', answered.cookie),
      reviewResponseSchema,
    );
    expect(notebook.items.map((item) => item.id)).toEqual([alfa(2)]);
    const opened = parsed(
      await get(app(), `/api/questions/${alfa(2)}`, answered.cookie),
      questionDetailSchema,
    );
    expect(opened).toMatchObject({
      id: alfa(2),
      retired: true,
      recordedAnswer: { letter: 'A', response: 'e' },
    });
    expect(
      parsed(await get(app(), `/api/questions/${alfa(1)}`), questionDetailSchema).retired,
    ).toBe(false);

    // Its key stays checkable for them; the history keeps the first answer.
    const again = await check(answered.cookie, alfa(2), 'C');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ correct: true, gabarito: 'C' });
    expect(
      parsed(
        await get(app(), '/api/me/history/summary', answered.cookie),
        historySummaryResponseSchema,
      ).totals,
    ).toMatchObject({ answered: 2, correct: 1 });

    // Nobody answers it anew, and the refusal costs no free check.
    const stranger = await signedInStudent(app(), testApp.database);
    const refused = await check(stranger.cookie, alfa(3), 'D');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'study/question-retired', message: CATALOG_MESSAGES.questionRetired },
    });
    expect((await get(app(), '/api/me/question-checks', stranger.cookie)).json()).toMatchObject({
      used: 0,
    });

    // Not drawn for a new simulado; not edited in the console.
    const simulado = await send(app(), 'POST', '/api/simulados', { examId: ALFA }, answered.cookie);
    expect(simulado.statusCode, simulado.body).toBe(201);
    const created = parsed(simulado, simuladoSchema);
    expect(created.questions.map((question) => question.questionId)).toEqual([1, 4, 5].map(alfa));
    await send(app(), 'POST', `/api/simulados/${created.id}/finish`, {}, answered.cookie);
    const editing = await get(app(), `/api/admin/questions/${alfa(2)}`, editor);
    expect(editing.statusCode).toBe(409);
    expect(editing.json()).toEqual({
      error: { code: 'editor/question-retired', message: QUESTION_EDITOR_MESSAGES.retired },
    });

    // A re-import of the same file retires nothing more and needs no flag.
    const quiet = await importer().importContent(shrunk());
    expect(quiet).toMatchObject({ retired: 0, restored: 0 });
  });

  it('brings them back when a later import has them again', async () => {
    expect((await stored(alfa(2)))?.retiredAt).toBeInstanceOf(Date);
    const result = await importer().importContent(MINI_CATALOG);
    expect(result).toMatchObject({ retired: 0, restored: 2 });
    expect(result.lines).toContain(`prova ${ALFA}: 2 questões voltam ao catálogo (2, 3).`);
    expect(await stored(alfa(2))).toMatchObject({ retiredAt: null });
    expect((await alfaCard())?.questionCount).toBe(5);
    expect(await examQuestionIds()).toEqual([1, 2, 3, 4, 5].map(alfa));
    expect(
      parsed(await get(app(), `/api/questions/${alfa(3)}`), questionDetailSchema).retired,
    ).toBe(false);
  });

  it('asks the browser import for an explicit confirmation, and logs what it retired', async () => {
    const zip = zipOf(folderEntries(shrunk()));
    const upload = (query: string) => {
      const body = multipartFile('catalogo.zip', zip);
      return app().inject({
        method: 'POST',
        url: `/api/admin/imports${query}`,
        headers: { ...body.headers, cookie: editor, origin: APP_ORIGIN },
        payload: body.payload,
      });
    };

    const unconfirmed = parsed(await upload('?verificar=1'), contentCheckSchema);
    expect(unconfirmed.ok).toBe(false);
    expect(unconfirmed.problems).toEqual([
      expect.objectContaining({
        file: `provas/${ALFA}.json`,
        message: expect.stringMatching(/^2 questões deixariam o catálogo \(2, 3\)/),
      }),
    ]);
    const refused = eventsOf((await upload('')).body);
    expect(refused.at(-1)).toMatchObject({
      event: 'error',
      data: {
        code: 'content/invalid',
        problems: [expect.objectContaining({ path: '$.questoes' })],
      },
    });
    expect(await stored(alfa(2))).toMatchObject({ retiredAt: null });

    const confirmed = parsed(await upload('?verificar=1&permitirRemocoes=1'), contentCheckSchema);
    expect(confirmed).toMatchObject({
      ok: true,
      removals: [{ examId: ALFA, numbers: [2, 3], answeredBy: 1 }],
    });
    // The page's editor types no command: its report names no flag.
    expect(confirmed.lines.filter((line) => line.includes('--'))).toEqual([]);
    expect(confirmed.lines).toContain(
      `prova ${ALFA}: 2 questões deixariam o catálogo (2, 3), respondidas por 1 aluno; serão retiradas ao importar.`,
    );
    const run = eventsOf((await upload('?permitirRemocoes=1')).body);
    expect(run.at(-1)).toMatchObject({ event: 'output' });
    expect((await stored(alfa(2)))?.retiredAt).toBeInstanceOf(Date);
    const audit = parsed(
      await get(app(), '/api/admin/audit?acao=content.import', editor),
      auditPageSchema,
    );
    expect(audit.entries[0]!.summary).toMatch(/; 2 questões retiradas do catálogo$/);
  });
});
