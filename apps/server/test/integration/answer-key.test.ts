import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKeyPreviewSchema, auditPageSchema } from '@gabarita/shared';
import { questionHistory, questions, reviewItems } from '@/db/schema';
import { createOperatorService } from '@/modules/operator/operator.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

const EXAM = 'alfa_2017_prova';
const q = (n: number) => `${EXAM}_${n}`;

describe('definitive answer key', () => {
  let testApp: TestApp;
  let editor: string;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    editor = (await signedInStudent(testApp.app, testApp.database, { role: 'editor' })).cookie;
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  const student = () => signedInStudent(app(), testApp.database, { premium: true });
  const check = (cookie: string, n: number, letter: string) =>
    send(app(), 'POST', `/api/questions/${q(n)}/check`, { letter }, cookie);
  const keyCall = (step: 'preview' | 'apply', changes: unknown) =>
    send(app(), 'POST', `/api/admin/exams/${EXAM}/answer-key/${step}`, { changes }, editor);
  const verify = () => createOperatorService(testApp.database).run('study:verify', [], 'direct');
  const responseOf = async (userId: string, n: number) =>
    (
      await db()
        .select({ response: questionHistory.response })
        .from(questionHistory)
        .where(and(eq(questionHistory.userId, userId), eq(questionHistory.questionId, q(n))))
    )[0]?.response;
  const inNotebook = async (userId: string, n: number) =>
    (
      await db()
        .select()
        .from(reviewItems)
        .where(and(eq(reviewItems.userId, userId), eq(reviewItems.questionId, q(n))))
    ).length === 1;

  it('previews who is affected, then re-scores history, notebook, simulados and tells each student once', async () => {
    const ana = await student();
    const bia = await student();
    const caio = await student();
    expect((await check(ana.cookie, 1, 'A')).json().correct).toBe(true);
    expect((await check(bia.cookie, 1, 'B')).json().correct).toBe(false);
    expect((await check(caio.cookie, 1, 'C')).json().correct).toBe(false);
    expect((await check(ana.cookie, 2, 'C')).json().correct).toBe(true);
    // Bia answers question 1 again in a simulado, finished with B.
    const simulado = (
      await send(app(), 'POST', '/api/simulados', { examId: EXAM }, bia.cookie)
    ).json();
    await send(
      app(),
      'PUT',
      `/api/simulados/${simulado.id}/answers/${q(1)}`,
      { letter: 'B' },
      bia.cookie,
    );
    await send(app(), 'POST', `/api/simulados/${simulado.id}/finish`, {}, bia.cookie);
    const before = (await get(app(), `/api/simulados/${simulado.id}`, bia.cookie)).json();
    expect(before.result.correct).toBe(0);

    const changes = [
      { number: 1, key: 'B' },
      { number: 2, key: 'anulada' },
    ];
    const preview = await keyCall('preview', changes);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      applied: false,
      notices: 3,
      lines: [
        {
          number: 1,
          from: 'A',
          to: 'B',
          answers: 3,
          becomeRight: 1,
          becomeWrong: 1,
          voided: 0,
          simulados: 1,
          problem: null,
        },
        { number: 2, from: 'C', to: 'anulada', answers: 1, voided: 1, problem: null },
      ],
    });
    // A preview changes nothing.
    expect(await responseOf(ana.user.id, 1)).toBe('c');

    const applied = parsed(await keyCall('apply', changes), answerKeyPreviewSchema);
    expect(applied.applied).toBe(true);
    expect(await responseOf(ana.user.id, 1)).toBe('e');
    expect(await responseOf(bia.user.id, 1)).toBe('c');
    expect(await responseOf(caio.user.id, 1)).toBe('e');
    // The notebook follows: Ana's answer is now a mistake, Bia's is not.
    expect(await inNotebook(ana.user.id, 1)).toBe(true);
    expect(await inNotebook(bia.user.id, 1)).toBe(false);
    expect(await inNotebook(caio.user.id, 1)).toBe(true);
    // The simulado is scored again with the new key.
    const after = (await get(app(), `/api/simulados/${simulado.id}`, bia.cookie)).json();
    expect(after.result.correct).toBe(1);
    expect(after.result.timeUsedSeconds).toBe(before.result.timeUsedSeconds);
    // The annulled question can no longer be checked, and counts nowhere.
    expect((await check(bia.cookie, 2, 'C')).statusCode).toBe(409);
    // New checks use the new key at once.
    expect((await check((await student()).cookie, 1, 'B')).json()).toEqual({
      correct: true,
      gabarito: 'B',
    });

    const notices = (await get(app(), '/api/me/notices', ana.cookie)).json().notices;
    expect(notices.map((notice: { text: string }) => notice.text)).toEqual([
      expect.stringMatching(
        /^A banca anulou a questão 2 de .*: sua resposta deixa de contar nas suas estatísticas\.$/,
      ),
      expect.stringMatching(
        /^A banca alterou o gabarito da questão 1 de .* para B: sua resposta agora está errada\.$/,
      ),
    ]);
    expect(notices[1].link).toBe(`/questoes?prova=${EXAM}&q=${q(1)}`);
    expect((await get(app(), '/api/me/notices', caio.cookie)).json().notices).toEqual([]);
    // Seen once: dismissed, it is gone; nobody can dismiss another's.
    expect(
      (await send(app(), 'POST', '/api/me/notices/seen', { ids: [notices[0].id] }, bia.cookie))
        .statusCode,
    ).toBe(204);
    expect((await get(app(), '/api/me/notices', ana.cookie)).json().notices).toHaveLength(2);
    await send(
      app(),
      'POST',
      '/api/me/notices/seen',
      { ids: notices.map((n: { id: number }) => n.id) },
      ana.cookie,
    );
    expect((await get(app(), '/api/me/notices', ana.cookie)).json().notices).toEqual([]);

    const audit = parsed(
      await get(app(), '/api/admin/audit?acao=answer-key.apply', editor),
      auditPageSchema,
    );
    expect(audit.entries.map((entry) => entry.summary)).toEqual([
      expect.stringMatching(
        /^Gabarito definitivo da questão 2 de .*: C → anulada \(1 resposta mudou\)$/,
      ),
      expect.stringMatching(
        /^Gabarito definitivo da questão 1 de .*: A → B \(2 respostas mudaram\)$/,
      ),
    ]);
    expect((await verify()).at(-1)).toBe(
      'Nenhuma diferença: tudo o que é guardado confere com o histórico.',
    );
  });

  it('versions the change, and takes off a comment written for the previous key', async () => {
    // Question 5 gets a comment first (through the editor, as an editor would write it).
    const editing = (await get(app(), `/api/admin/questions/${q(5)}`, editor)).json();
    const letters = editing.snapshot.Alternativas.map((a: string) => a.slice(0, 1));
    const commented = await send(
      app(),
      'PUT',
      `/api/admin/questions/${q(5)}`,
      {
        snapshot: {
          ...editing.snapshot,
          comentario: {
            resumo: `A resposta é ${editing.snapshot.gabarito}.`,
            alternativas: Object.fromEntries(letters.map((l: string) => [l, `Motivo de ${l}.`])),
          },
        },
        baseVersion: 0,
      },
      editor,
    );
    expect(commented.statusCode, commented.body).toBe(200);
    const other = letters.find((l: string) => l !== editing.snapshot.gabarito);

    const preview = (await keyCall('preview', [{ number: 5, key: other }])).json();
    expect(preview.lines[0].commentWithdrawn).toBe(true);
    await keyCall('apply', [{ number: 5, key: other }]);

    const after = (await get(app(), `/api/admin/questions/${q(5)}`, editor)).json();
    expect(after.snapshot.gabarito).toBe(other);
    expect(after.snapshot.comentario).toBeUndefined();
    expect(after.versions[0]).toMatchObject({
      version: 3,
      source: 'edit',
      changes: [
        `Gabarito: ${editing.snapshot.gabarito} → ${other}`,
        'Comentário retirado: explicava o gabarito anterior',
      ],
    });
    // The comment is kept in the version before, for the editor to write it again.
    const previous = (await get(app(), `/api/admin/questions/${q(5)}/versions/2`, editor)).json();
    expect(previous.snapshot.comentario.resumo).toBe(`A resposta é ${editing.snapshot.gabarito}.`);
  });

  it('refuses a list with problems, line by line, and changes nothing', async () => {
    const preview = parsed(
      await keyCall('preview', [
        { number: 3, key: 'E' },
        { number: 99, key: 'A' },
        { number: 4, key: 'B' },
        { number: 3, key: 'A' },
      ]),
      answerKeyPreviewSchema,
    );
    expect(preview.lines.map((line) => line.problem)).toEqual([
      'a questão só tem as alternativas A, B, C, D',
      'a prova não tem esta questão',
      'já é o gabarito da questão',
      'questão repetida na lista',
    ]);
    const apply = await keyCall('apply', [
      { number: 3, key: 'A' },
      { number: 99, key: 'A' },
    ]);
    expect(apply.statusCode).toBe(400);
    expect(apply.json().error.message).toBe(
      'Corrija as linhas com problema antes de aplicar: nada foi alterado.',
    );
    expect(
      (await get(app(), `/api/admin/questions/${q(3)}`, editor)).json().snapshot.gabarito,
    ).toBe('D');
  });

  it('stays consistent while students answer the same questions during the apply', async () => {
    const students = await Promise.all(Array.from({ length: 8 }, () => student()));
    const letters = ['A', 'B', 'C', 'D'];
    const answering = students.flatMap((s, index) =>
      [3, 4].map((n) => check(s.cookie, n, letters[(index + n) % 4]!)),
    );
    const applying = (async () => {
      await keyCall('apply', [{ number: 3, key: 'A' }]);
      await keyCall('apply', [{ number: 4, key: 'C' }]);
      await keyCall('apply', [{ number: 3, key: 'D' }]);
    })();
    const results = await Promise.all(answering);
    await applying;
    expect(results.every((response) => response.statusCode === 200)).toBe(true);
    expect((await verify()).at(-1)).toBe(
      'Nenhuma diferença: tudo o que é guardado confere com o histórico.',
    );
  });

  it('decides a check on the stored key even when a cached key lags behind it', async () => {
    // The key is cached by a first check; then the stored key changes without this instance
    // hearing of it yet (as when another instance applies a definitive key a moment before).
    expect((await check((await student()).cookie, 4, 'C')).json().gabarito).toBe('C');
    await db()
      .update(questions)
      .set({ answerLetter: 'D' })
      .where(eq(questions.id, q(4)));
    try {
      const late = await student();
      expect((await check(late.cookie, 4, 'D')).json()).toEqual({ correct: true, gabarito: 'D' });
      expect(await responseOf(late.user.id, 4)).toBe('c');
    } finally {
      await db()
        .update(questions)
        .set({ answerLetter: 'C' })
        .where(eq(questions.id, q(4)));
    }
  });
});
