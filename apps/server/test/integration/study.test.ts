import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@gabarita/shared';
import { dailyUsage, questionHistory, tokenWallets } from '@/db/schema';
import { saoPauloDay } from '@/lib/clock';
import { createOperatorService } from '@/modules/operator/operator.service';
import { get, send, signedInStudent } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('solving questions', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  const student = (premium = false) => signedInStudent(app(), testApp.database, { premium });
  const check = (cookie: string | undefined, id: string, letter: string) =>
    send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);

  it('decides correctness on the server; reopening recalls the first answer, never the key', async () => {
    const { cookie } = await student();
    const before = (await get(app(), '/api/questions/alfa_2017_prova_1', cookie)).json();
    expect(before.recordedAnswer).toBeNull();

    const wrong = await check(cookie, 'alfa_2017_prova_1', 'B');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ correct: false, gabarito: 'A' });

    const after = (await get(app(), '/api/questions/alfa_2017_prova_1', cookie)).json();
    expect(after.recordedAnswer).toMatchObject({ letter: 'B', response: 'e' });
    expect(Date.parse(after.recordedAnswer.answeredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(after)).not.toMatch(/gabarito|answerLetter/);
  });

  it('keeps the first answer', async () => {
    const { cookie } = await student(true);
    expect((await check(cookie, 'beta_2015_prova_1', 'A')).json()).toEqual({
      correct: true,
      gabarito: 'A',
    });
    expect((await check(cookie, 'beta_2015_prova_1', 'C')).json()).toEqual({
      correct: false,
      gabarito: 'A',
    });
    const detail = (await get(app(), '/api/exams/beta_2015_prova', cookie)).json();
    expect(detail.questions[0]).toMatchObject({ id: 'beta_2015_prova_1', response: 'c' });
  });

  it('tells Premium accounts they have no daily limit', async () => {
    const { cookie } = await student(true);
    await check(cookie, 'alfa_2017_prova_1', 'A');
    expect((await get(app(), '/api/me/question-checks', cookie)).json()).toEqual({
      limit: null,
      used: 0,
      remaining: null,
      packageCheckTokens: null,
    });
    expect((await get(app(), '/api/me/question-checks')).statusCode).toBe(401);
  });

  it('registers opened exams and questions, and a user never sees another user history', async () => {
    const a = await student(true);
    const b = await student();
    expect(
      (await send(app(), 'POST', '/api/questions/gama_2015_prova_1/open', {}, a.cookie)).statusCode,
    ).toBe(204);
    await check(a.cookie, 'gama_2015_prova_1', 'E');

    const seenByA = (await get(app(), '/api/exams/gama_2015_prova', a.cookie)).json();
    const seenByB = (await get(app(), '/api/exams/gama_2015_prova', b.cookie)).json();
    expect(seenByA.exam.inHistory).toBe(true);
    expect(seenByA.questions[0].response).toBe('c');
    expect(seenByB.exam.inHistory).toBe(false);
    expect(seenByB.questions.every((q: { response: unknown }) => q.response === null)).toBe(true);
    expect(
      (await get(app(), '/api/questions/gama_2015_prova_1', b.cookie)).json().recordedAnswer,
    ).toBeNull();
  });

  it('gives a free account 3 checks a day, then 402 limit/question', async () => {
    const { cookie } = await student();
    const ids = [
      'alfa_2017_prova_1',
      'alfa_2017_prova_2',
      'alfa_2017_prova_3',
      'alfa_2017_prova_4',
    ];
    const checksLeft = async () => (await get(app(), '/api/me/question-checks', cookie)).json();
    expect(await checksLeft()).toEqual({
      limit: 3,
      used: 0,
      remaining: 3,
      packageCheckTokens: null,
    });
    const statuses = [];
    const remaining = [];
    for (const id of ids) {
      statuses.push((await check(cookie, id, 'A')).statusCode);
      remaining.push((await checksLeft()).remaining);
    }
    expect(statuses).toEqual([200, 200, 200, 402]);
    expect(remaining).toEqual([2, 1, 0, 0]);
    const limited = await check(cookie, 'alfa_2017_prova_5', 'C');
    expect(limited.json().error).toEqual({
      code: 'limit/question',
      message: CATALOG_MESSAGES.questionLimit,
    });
    // An answered question can be answered again: its key is already known, nothing is counted.
    expect((await check(cookie, 'alfa_2017_prova_1', 'B')).json()).toEqual({
      correct: false,
      gabarito: 'A',
    });
    expect(
      (await get(app(), '/api/questions/alfa_2017_prova_1', cookie)).json().recordedAnswer,
    ).toMatchObject({ letter: 'A', response: 'c' });
    expect(
      (await get(app(), '/api/questions/alfa_2017_prova_4', cookie)).json().recordedAnswer,
    ).toBeNull();
  });

  it('spends one free check and records one answer when one question is checked 10 times at once', async () => {
    const { cookie, user } = await student();
    const letters = ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'A', 'B'];
    const responses = await Promise.all(
      letters.map((letter) => check(cookie, 'alfa_2017_prova_2', letter)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(letters.map(() => 200));
    const [usage] = await testApp.database.db
      .select()
      .from(dailyUsage)
      .where(eq(dailyUsage.userId, user.id));
    expect(usage?.questionChecks).toBe(1);
    const recorded = (await get(app(), '/api/questions/alfa_2017_prova_2', cookie)).json()
      .recordedAnswer;
    expect(letters).toContain(recorded.letter);
  });

  const EVERY_QUESTION: [string, string][] = [
    ['alfa_2017_prova_1', 'A'],
    ['alfa_2017_prova_2', 'A'],
    ['alfa_2017_prova_3', 'A'],
    ['alfa_2017_prova_4', 'A'],
    ['alfa_2017_prova_5', 'C'],
    ['beta_2015_prova_1', 'A'],
    ['beta_2015_prova_2', 'A'],
    ['beta_2015_prova_3', 'A'],
    ['gama_2015_prova_1', 'A'],
    ['gama_2015_prova_2', 'A'],
  ];

  it('counts atomically: 10 parallel checks after 2 used -> exactly one succeeds', async () => {
    const { cookie, user } = await student();
    await testApp.database.db
      .insert(dailyUsage)
      .values({ userId: user.id, day: saoPauloDay(), questionChecks: 2 });
    const responses = await Promise.all(
      EVERY_QUESTION.map(([id, letter]) => check(cookie, id, letter)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(9);
  });

  describe('past the free limit, with a token package', () => {
    const packageOf = async (userId: string) => {
      const [wallet] = await testApp.database.db
        .select({ input: tokenWallets.packageInput, output: tokenWallets.packageOutput })
        .from(tokenWallets)
        .where(eq(tokenWallets.userId, userId));
      return wallet;
    };
    const usedUp = (userId: string) =>
      testApp.database.db
        .insert(dailyUsage)
        .values({ userId, day: saoPauloDay(), questionChecks: 3 });

    it('checks more questions, each first check paying 1,000 input tokens, said before it is spent', async () => {
      const { cookie, user, email } = await student();
      await usedUp(user.id);
      const checksLeft = async () => (await get(app(), '/api/me/question-checks', cookie)).json();
      // Without a package the limit holds, and nothing says a package would pay.
      expect((await checksLeft()).packageCheckTokens).toBeNull();
      expect((await check(cookie, 'alfa_2017_prova_1', 'A')).statusCode).toBe(402);

      await createOperatorService(testApp.database).run('user:grant-tokens', [email], 'direct');
      expect(await checksLeft()).toEqual({
        limit: 3,
        used: 3,
        remaining: 0,
        packageCheckTokens: 1000,
      });
      expect((await check(cookie, 'alfa_2017_prova_1', 'A')).json()).toEqual({
        correct: true,
        gabarito: 'A',
      });
      expect(await packageOf(user.id)).toEqual({ input: 79_000, output: 40_000 });
      // A re-check costs nothing, as always.
      expect((await check(cookie, 'alfa_2017_prova_1', 'B')).statusCode).toBe(200);
      expect(await packageOf(user.id)).toEqual({ input: 79_000, output: 40_000 });
      // Charged through the ledger: the account's usage shows it, at no cost in dollars.
      const tokens = (await get(app(), '/api/me/tokens', cookie)).json();
      expect(tokens.usage.today).toMatchObject({ inputTokens: 1000, inputCostMicroUsd: 0 });
      expect(tokens.package).toEqual({ input: 79_000, output: 40_000 });
    });

    it('pays exactly as many checks as the package holds when 10 arrive at once', async () => {
      const { cookie, user, email } = await student();
      await usedUp(user.id);
      await createOperatorService(testApp.database).run('user:grant-tokens', [email], 'direct');
      await testApp.database.db
        .update(tokenWallets)
        .set({ packageInput: 3_500 })
        .where(eq(tokenWallets.userId, user.id));

      const responses = await Promise.all(
        EVERY_QUESTION.map(([id, letter]) => check(cookie, id, letter)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 402)).toHaveLength(7);
      expect(await packageOf(user.id)).toEqual({ input: 500, output: 40_000 });
      const answered = await testApp.database.db
        .select()
        .from(questionHistory)
        .where(and(eq(questionHistory.userId, user.id), isNotNull(questionHistory.response)));
      expect(answered).toHaveLength(3);
      // 500 tokens cannot pay another check.
      expect(
        (await get(app(), '/api/me/question-checks', cookie)).json().packageCheckTokens,
      ).toBeNull();
    });
  });

  it('lets premium accounts check without limit', async () => {
    const { cookie } = await student(true);
    for (const [id, letter] of EVERY_QUESTION)
      expect((await check(cookie, id, letter)).statusCode).toBe(200);
  });

  it('refuses visitors, unknown questions and letters that are not alternatives', async () => {
    expect((await check(undefined, 'alfa_2017_prova_1', 'A')).statusCode).toBe(401);
    const { cookie } = await student();
    const unknown = await check(cookie, 'nao_existe_prova_1', 'A');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CATALOG_MESSAGES.questionNotFound);
    const letter = await check(cookie, 'alfa_2017_prova_5', 'A');
    expect(letter.statusCode).toBe(400);
    expect(letter.json().error.message).toBe(CATALOG_MESSAGES.invalidLetter);
  });
});
