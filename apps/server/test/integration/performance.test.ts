import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERFORMANCE_MESSAGES } from '@gabarita/shared';
import { dailyUsage, questionHistory, testHistory } from '@/db/schema';
import { saoPauloDay } from '@/lib/clock';
import { get, send, signedInStudent } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** question id suffix -> response ('c', 'e', or null for opened without an answer) */
type History = Record<string, 'c' | 'e' | null>;

const MIXED: History = {
  alfa_2017_prova_1: 'c',
  alfa_2017_prova_2: 'e',
  alfa_2017_prova_3: 'c',
  beta_2015_prova_3: 'c',
  alfa_2017_prova_4: 'c',
  alfa_2017_prova_5: 'c',
  gama_2015_prova_2: 'e',
  beta_2015_prova_1: 'c',
  beta_2015_prova_2: 'c',
  gama_2015_prova_1: null,
};

describe('performance statistics', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  async function studentWith(history: History, premium: boolean) {
    const account = await signedInStudent(app(), testApp.database, { premium });
    const rows = Object.entries(history).map(([questionId, response]) => ({
      userId: account.user.id,
      questionId,
      response,
      chosenLetter: response ? 'A' : null,
      answeredAt: response ? new Date() : null,
    }));
    if (rows.length > 0) await db().insert(questionHistory).values(rows);
    await db()
      .insert(testHistory)
      .values(
        ['alfa_2017_prova', 'beta_2015_prova', 'gama_2015_prova'].map((examId) => ({
          userId: account.user.id,
          examId,
        })),
      );
    return account;
  }
  const summary = async (cookie: string) =>
    (await get(app(), '/api/me/history/summary', cookie)).json();

  it('breaks a premium history down by discipline and subject, as computed by hand', async () => {
    const { cookie } = await studentWith(MIXED, true);
    const result = await summary(cookie);

    expect(result.totals).toEqual({ answered: 9, correct: 7, wrong: 2, successRate: 77.8 });
    expect(result.disciplines).toEqual([
      {
        code: 'fisica',
        name: 'Física',
        answered: 2,
        correct: 2,
        wrong: 0,
        successRate: 100,
        subjects: [{ name: 'Cinemática', answered: 2, correct: 2, wrong: 0, successRate: 100 }],
      },
      {
        code: 'matematica',
        name: 'Matemática',
        answered: 4,
        correct: 3,
        wrong: 1,
        successRate: 75,
        subjects: [
          { name: 'Geometria', answered: 2, correct: 2, wrong: 0, successRate: 100 },
          { name: 'Frações', answered: 2, correct: 1, wrong: 1, successRate: 50 },
        ],
      },
      {
        code: 'portugues',
        name: 'Língua Portuguesa',
        answered: 3,
        correct: 2,
        wrong: 1,
        successRate: 66.7,
        subjects: [
          { name: 'Interpretação', answered: 2, correct: 2, wrong: 0, successRate: 100 },
          { name: 'Crase', answered: 1, correct: 0, wrong: 1, successRate: 0 },
        ],
      },
    ]);
  });

  it('orders ties by more answered, then by name', async () => {
    const { cookie } = await studentWith(
      {
        alfa_2017_prova_3: 'c',
        beta_2015_prova_3: 'c',
        beta_2015_prova_1: 'c',
        beta_2015_prova_2: 'c',
        alfa_2017_prova_4: 'c',
      },
      true,
    );
    const result = await summary(cookie);
    expect(result.disciplines.map((d: { code: string }) => d.code)).toEqual([
      'fisica',
      'matematica',
      'portugues',
    ]);
  });

  it('gives a free account its totals only, enforced by the server', async () => {
    const { cookie } = await studentWith(MIXED, false);
    const response = await get(app(), '/api/me/history/summary', cookie);
    expect(response.json()).toEqual({
      totals: { answered: 9, correct: 7, wrong: 2, successRate: 77.8 },
      disciplines: null,
    });
    expect(response.body).not.toContain('Matemática');
  });

  it('reports an empty history as zeros', async () => {
    const { cookie } = await studentWith({}, true);
    expect(await summary(cookie)).toEqual({
      totals: { answered: 0, correct: 0, wrong: 0, successRate: 0 },
      disciplines: [],
    });
  });

  it("reset empties the caller's history only, and keeps the day's free checks used", async () => {
    const a = await studentWith(MIXED, false);
    const b = await studentWith(MIXED, false);
    await db()
      .insert(dailyUsage)
      .values({ userId: a.user.id, day: saoPauloDay(), questionChecks: 3 });

    const response = await send(app(), 'DELETE', '/api/me/history', {}, a.cookie);

    expect(response.statusCode).toBe(204);
    expect(
      await db().select().from(questionHistory).where(eq(questionHistory.userId, a.user.id)),
    ).toHaveLength(0);
    expect(
      await db().select().from(testHistory).where(eq(testHistory.userId, a.user.id)),
    ).toHaveLength(0);
    expect(
      await db().select().from(questionHistory).where(eq(questionHistory.userId, b.user.id)),
    ).toHaveLength(10);
    expect((await summary(b.cookie)).totals.answered).toBe(9);
    const [usage] = await db().select().from(dailyUsage).where(eq(dailyUsage.userId, a.user.id));
    expect(usage!.questionChecks).toBe(3);
    const check = await send(
      app(),
      'POST',
      '/api/questions/alfa_2017_prova_1/check',
      { letter: 'A' },
      a.cookie,
    );
    expect(check.statusCode).toBe(402);
  });

  it('refuses a visitor', async () => {
    const reset = await send(app(), 'DELETE', '/api/me/history', {});
    expect(reset.statusCode).toBe(401);
    expect(reset.json().error.message).toBe(PERFORMANCE_MESSAGES.resetWithoutUser);
    expect((await get(app(), '/api/me/history/summary')).statusCode).toBe(401);
  });
});
