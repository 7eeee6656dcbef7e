import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_ERROR_MESSAGES,
  SIMULADO_MESSAGES,
  reviewResponseSchema,
  simuladoSchema,
} from '@gabarita/shared';
import { questionHistory, simulados } from '@/db/schema';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { editedCatalog, FORMAT_2_EXAMPLE } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The mini catalogue with the Beta exam made of Certo/Errado items (keys C, E, C). */
const CERTO_ERRADO_KEYS = { '1': 'C', '2': 'E', '3': 'C' } as const;

describe('simulados', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    const importer = createContentImportService(testApp.database.db);
    await importer.importContent(
      editedCatalog((catalog) => {
        for (const [number, key] of Object.entries(CERTO_ERRADO_KEYS)) {
          const question = catalog.question('beta_2015_prova.json', number);
          question.Alternativas = ['C) Certo', 'E) Errado'];
          question.gabarito = key;
        }
      }),
    );
    await importer.importContent(FORMAT_2_EXAMPLE);
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const student = (premium = true) => signedInStudent(app(), testApp.database, { premium });

  const create = (cookie: string, body: unknown) =>
    send(app(), 'POST', '/api/simulados', body, cookie);
  const answer = (cookie: string, id: string, questionId: string, letter: string | null) =>
    send(app(), 'PUT', `/api/simulados/${id}/answers/${questionId}`, { letter }, cookie);
  const finish = (cookie: string, id: string) =>
    send(app(), 'POST', `/api/simulados/${id}/finish`, {}, cookie);
  const read = async (cookie: string, id: string) =>
    parsed(await get(app(), `/api/simulados/${id}`, cookie), simuladoSchema);

  it('is a Premium feature: a free account gets a clear error and nothing is created', async () => {
    const { cookie } = await student(false);
    const response = await create(cookie, { examId: 'alfa_2017_prova' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'auth/premium-required',
      message: COMMON_ERROR_MESSAGES['auth/premium-required'],
    });
    expect((await get(app(), '/api/simulados', cookie)).json()).toEqual({ items: [] });
  });

  it('starts from an exam with a time limit, and never sends the key before the end', async () => {
    const { cookie } = await student();
    const response = await create(cookie, { examId: 'alfa_2017_prova' });
    expect(response.statusCode).toBe(201);
    const simulado = parsed(response, simuladoSchema);
    expect(simulado).toMatchObject({
      status: 'em_andamento',
      scoring: 'padrao',
      certoErrado: false,
      timeLimitSeconds: 5 * 3 * 60,
      result: null,
    });
    expect(simulado.questions.map((q) => q.questionId)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `alfa_2017_prova_${n}`),
    );
    expect(Date.parse(simulado.deadline) - Date.parse(simulado.startedAt)).toBe(15 * 60_000);
    expect(simulado.questions.every((q) => q.gabarito === null && q.outcome === null)).toBe(true);
    expect(JSON.stringify(simulado)).not.toMatch(/answerLetter/);
  });

  it('saves answers as they are given: idempotent, resumable, cleared with null, only its own questions and letters', async () => {
    const { cookie } = await student();
    const { id } = parsed(await create(cookie, { examId: 'alfa_2017_prova' }), simuladoSchema);
    expect((await answer(cookie, id, 'alfa_2017_prova_1', 'A')).statusCode).toBe(204);
    expect((await answer(cookie, id, 'alfa_2017_prova_1', 'A')).statusCode).toBe(204);
    expect((await answer(cookie, id, 'alfa_2017_prova_2', 'B')).statusCode).toBe(204);
    expect((await answer(cookie, id, 'alfa_2017_prova_3', 'D')).statusCode).toBe(204);
    expect((await answer(cookie, id, 'alfa_2017_prova_3', null)).statusCode).toBe(204);

    const invalid = await answer(cookie, id, 'alfa_2017_prova_5', 'A');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('simulado/invalid-letter');
    const foreign = await answer(cookie, id, 'beta_2015_prova_1', 'C');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(SIMULADO_MESSAGES.notInSimulado);

    // A reload (or another device) finds every saved answer, still without the key.
    const resumed = await read(cookie, id);
    expect(resumed.questions.map((q) => q.chosenLetter)).toEqual(['A', 'B', null, null, null]);
    expect(resumed.questions.every((q) => q.gabarito === null)).toBe(true);

    // Nobody else can read or answer it.
    const other = await student();
    expect((await get(app(), `/api/simulados/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await answer(other.cookie, id, 'alfa_2017_prova_4', 'A')).statusCode).toBe(404);
    expect((await finish(other.cookie, id)).statusCode).toBe(404);
  });

  it('scores by the standard rule at the end, shows the key, records first answers in the history', async () => {
    const { cookie } = await student();
    // Answered before the simulado: that first answer stays in the history.
    await send(app(), 'POST', '/api/questions/alfa_2017_prova_2/check', { letter: 'C' }, cookie);
    const { id } = parsed(await create(cookie, { examId: 'alfa_2017_prova' }), simuladoSchema);
    await answer(cookie, id, 'alfa_2017_prova_1', 'A'); // right
    await answer(cookie, id, 'alfa_2017_prova_2', 'B'); // wrong (key C)
    await answer(cookie, id, 'alfa_2017_prova_4', 'A'); // wrong (key B)

    const finished = parsed(await finish(cookie, id), simuladoSchema);
    expect(finished.status).toBe('finalizado');
    expect(finished.finishedBy).toBe('usuario');
    expect(finished.result).toMatchObject({
      score: 1,
      maxScore: 5,
      correct: 1,
      wrong: 2,
      blank: 2,
    });
    expect(finished.result!.timeUsedSeconds).toBeGreaterThanOrEqual(0);
    expect(finished.result!.timeUsedSeconds).toBeLessThan(60);
    expect(finished.result!.byDiscipline).toEqual([
      {
        code: 'matematica',
        name: expect.any(String),
        total: 3,
        correct: 1,
        wrong: 1,
        blank: 1,
        score: 1,
      },
      {
        code: 'portugues',
        name: expect.any(String),
        total: 2,
        correct: 0,
        wrong: 1,
        blank: 1,
        score: 0,
      },
    ]);
    expect(finished.questions.map((q) => [q.chosenLetter, q.gabarito, q.outcome])).toEqual([
      ['A', 'A', 'certa'],
      ['B', 'C', 'errada'],
      [null, 'D', 'em_branco'],
      ['A', 'B', 'errada'],
      [null, 'C', 'em_branco'],
    ]);

    const question = async (n: number) =>
      (await get(app(), `/api/questions/alfa_2017_prova_${n}`, cookie)).json().recordedAnswer;
    expect(await question(1)).toMatchObject({ letter: 'A', response: 'c' });
    expect(await question(2)).toMatchObject({ letter: 'C', response: 'c' });
    expect(await question(4)).toMatchObject({ letter: 'A', response: 'e' });
    expect(await question(3)).toBeNull();
    const summary = (await get(app(), '/api/me/history/summary', cookie)).json();
    expect(summary.totals).toMatchObject({ answered: 3, correct: 2, wrong: 1 });
    // Both wrong answers land in the mistakes notebook, as a check's would.
    const notebook = parsed(await get(app(), '/api/me/review', cookie), reviewResponseSchema);
    expect(notebook.items.map((item) => item.id).sort()).toEqual([
      'alfa_2017_prova_2',
      'alfa_2017_prova_4',
    ]);

    // Finishing again changes nothing; answers after the end are refused.
    const again = parsed(await finish(cookie, id), simuladoSchema);
    expect(again.result).toEqual(finished.result);
    const late = await answer(cookie, id, 'alfa_2017_prova_3', 'D');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(SIMULADO_MESSAGES.finished);

    // Listed with its result.
    const list = (await get(app(), '/api/simulados', cookie)).json();
    expect(list.items[0]).toMatchObject({
      id,
      status: 'finalizado',
      questionCount: 5,
      result: { score: 1, maxScore: 5, correct: 1, wrong: 2, blank: 2 },
    });
  });

  it('applies the Cebraspe rule to Certo/Errado exams only: a wrong answer cancels a right one, blanks are 0', async () => {
    const { cookie } = await student();
    const refused = await create(cookie, { examId: 'alfa_2017_prova', scoring: 'cebraspe' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SIMULADO_MESSAGES.cebraspeNeedsCertoErrado);

    const cebraspe = parsed(
      await create(cookie, { examId: 'beta_2015_prova', scoring: 'cebraspe' }),
      simuladoSchema,
    );
    expect(cebraspe).toMatchObject({ certoErrado: true, scoring: 'cebraspe' });
    await answer(cookie, cebraspe.id, 'beta_2015_prova_1', 'C'); // right
    await answer(cookie, cebraspe.id, 'beta_2015_prova_2', 'C'); // wrong (key E)
    const result = parsed(await finish(cookie, cebraspe.id), simuladoSchema).result!;
    expect(result).toMatchObject({ score: 0, maxScore: 3, correct: 1, wrong: 1, blank: 1 });

    const other = await student();
    const standard = parsed(
      await create(other.cookie, { examId: 'beta_2015_prova' }),
      simuladoSchema,
    );
    expect(standard).toMatchObject({ certoErrado: true, scoring: 'padrao' });
    await answer(other.cookie, standard.id, 'beta_2015_prova_1', 'C');
    await answer(other.cookie, standard.id, 'beta_2015_prova_2', 'C');
    const standardResult = parsed(await finish(other.cookie, standard.id), simuladoSchema).result!;
    expect(standardResult).toMatchObject({ score: 1, maxScore: 3, correct: 1, wrong: 1, blank: 1 });

    // Wrongs beyond rights make a negative score.
    const third = await student();
    const negative = parsed(
      await create(third.cookie, { examId: 'beta_2015_prova', scoring: 'cebraspe' }),
      simuladoSchema,
    );
    await answer(third.cookie, negative.id, 'beta_2015_prova_1', 'E');
    await answer(third.cookie, negative.id, 'beta_2015_prova_2', 'C');
    await answer(third.cookie, negative.id, 'beta_2015_prova_3', 'C');
    const negativeResult = parsed(await finish(third.cookie, negative.id), simuladoSchema).result!;
    expect(negativeResult).toMatchObject({ score: -1, correct: 1, wrong: 2, blank: 0 });
  });

  it('leaves annulled questions out', async () => {
    const { cookie } = await student();
    const simulado = parsed(
      await create(cookie, { examId: 'exemplo_2024_formato2_prova' }),
      simuladoSchema,
    );
    const ids = simulado.questions.map((q) => q.questionId);
    expect(ids).toHaveLength(6);
    expect(ids).not.toContain('exemplo_2024_formato2_prova_5');
  });

  it('builds one from a search: N questions matching the exam-list filters, drawn at random', async () => {
    const { cookie } = await student();
    const response = await create(cookie, { filters: { disciplina: 'matematica' }, count: 3 });
    expect(response.statusCode).toBe(201);
    const simulado = parsed(response, simuladoSchema);
    expect(simulado.questions).toHaveLength(3);
    expect(new Set(simulado.questions.map((q) => q.disciplineName)).size).toBe(1);
    expect(simulado.examId).toBeNull();

    const byBoard = parsed(
      await create(cookie, { filters: { instituicao: 'Banca X', ano: '2015' }, count: 50 }),
      simuladoSchema,
    );
    // Beta (3 questions) is the only 2015 exam of Banca X: fewer than asked is all there is.
    expect(byBoard.questions).toHaveLength(3);
    expect(byBoard.questions.every((q) => q.questionId.startsWith('beta_2015_prova_'))).toBe(true);

    const none = await create(cookie, { filters: { ano: '1990' }, count: 5 });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(SIMULADO_MESSAGES.noQuestions);
    const nothing = await create(cookie, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('is finished by the server with what was saved when the time runs out', async () => {
    const { cookie } = await student();
    const { id, timeLimitSeconds } = parsed(
      await create(cookie, { examId: 'alfa_2017_prova' }),
      simuladoSchema,
    );
    await answer(cookie, id, 'alfa_2017_prova_1', 'A');
    await testApp.database.db
      .update(simulados)
      .set({ startedAt: sql`now() - make_interval(secs => ${timeLimitSeconds + 60})` })
      .where(eq(simulados.id, id));

    // An answer after the deadline is refused, and the simulado ends with the saved answers.
    const late = await answer(cookie, id, 'alfa_2017_prova_2', 'C');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(SIMULADO_MESSAGES.timeOver);
    const ended = await read(cookie, id);
    expect(ended).toMatchObject({ status: 'finalizado', finishedBy: 'tempo' });
    expect(ended.result).toMatchObject({
      correct: 1,
      wrong: 0,
      blank: 4,
      timeUsedSeconds: timeLimitSeconds,
    });
    expect(ended.questions[1]!.chosenLetter).toBeNull();

    // One nobody opens again is finished when the list is read.
    const second = parsed(await create(cookie, { examId: 'alfa_2017_prova' }), simuladoSchema);
    await answer(cookie, second.id, 'alfa_2017_prova_4', 'B');
    await testApp.database.db
      .update(simulados)
      .set({ startedAt: sql`now() - interval '2 hours'` })
      .where(eq(simulados.id, second.id));
    const list = (await get(app(), '/api/simulados', cookie)).json();
    expect(list.items.find((item: { id: string }) => item.id === second.id)).toMatchObject({
      status: 'finalizado',
      result: { correct: 1 },
    });
  });

  it("keeps its questions' key out of every other way while it runs: check, explanation, chat, study text", async () => {
    const { cookie } = await student();
    const check = (questionId: string) =>
      send(app(), 'POST', `/api/questions/${questionId}/check`, { letter: 'A' }, cookie);
    // Checked before the simulado began: its key was seen then, not again while it runs.
    expect((await check('alfa_2017_prova_2')).statusCode).toBe(200);
    const { id } = parsed(await create(cookie, { examId: 'alfa_2017_prova' }), simuladoSchema);

    const held = { code: 'simulado/in-progress', message: SIMULADO_MESSAGES.questionInRunning };
    for (const questionId of ['alfa_2017_prova_1', 'alfa_2017_prova_2']) {
      const refused = await check(questionId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: held });
    }
    const feedback = await send(
      app(),
      'POST',
      '/api/questions/alfa_2017_prova_2/feedback',
      {},
      cookie,
    );
    expect(feedback.statusCode).toBe(409);
    expect(feedback.json()).toEqual({ error: held });
    const chat = await send(
      app(),
      'POST',
      '/api/questions/alfa_2017_prova_2/chat',
      { message: 'Qual é a resposta?', history: [] },
      cookie,
    );
    expect(chat.statusCode).toBe(409);
    const studyText = await send(
      app(),
      'POST',
      '/api/didactic-content',
      { disciplina: 'matematica', assunto: 'Frações' },
      cookie,
    );
    expect(studyText.statusCode).toBe(409);
    expect(studyText.json().error.message).toBe(SIMULADO_MESSAGES.subjectInRunning);
    // Nothing of the refused check was recorded: the simulado answer is still the first answer.
    expect((await answer(cookie, id, 'alfa_2017_prova_1', 'A')).statusCode).toBe(204);

    expect((await finish(cookie, id)).statusCode).toBe(200);
    const after = await check('alfa_2017_prova_1');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ correct: true, gabarito: 'A' });
  });

  it('holds nothing once its time is over: the check finishes it first', async () => {
    const { cookie, user } = await student();
    const simulado = parsed(await create(cookie, { examId: 'alfa_2017_prova' }), simuladoSchema);
    await answer(cookie, simulado.id, 'alfa_2017_prova_3', 'B');
    await testApp.database.db
      .update(simulados)
      .set({ startedAt: sql`now() - make_interval(secs => ${simulado.timeLimitSeconds + 60})` })
      .where(eq(simulados.id, simulado.id));

    const check = await send(
      app(),
      'POST',
      '/api/questions/alfa_2017_prova_3/check',
      { letter: 'D' },
      cookie,
    );
    expect(check.json()).toEqual({ correct: true, gabarito: 'D' });
    const ended = await read(cookie, simulado.id);
    expect(ended).toMatchObject({ status: 'finalizado', finishedBy: 'tempo' });
    // The simulado's answer, given in time, is the first answer in the history.
    expect(ended.questions.find((q) => q.questionId === 'alfa_2017_prova_3')!.outcome).toBe(
      'errada',
    );
    const [first] = await testApp.database.db
      .select({ letter: questionHistory.chosenLetter })
      .from(questionHistory)
      .where(
        and(
          eq(questionHistory.userId, user.id),
          eq(questionHistory.questionId, 'alfa_2017_prova_3'),
        ),
      );
    expect(first?.letter).toBe('B');
  });

  it('goes away with a history reset', async () => {
    const { cookie } = await student();
    await create(cookie, { examId: 'alfa_2017_prova' });
    expect((await send(app(), 'DELETE', '/api/me/history', undefined, cookie)).statusCode).toBe(
      204,
    );
    expect((await get(app(), '/api/simulados', cookie)).json()).toEqual({ items: [] });
  });
});
