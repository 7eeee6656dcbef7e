import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_DAYS, PROGRESS_WEEKS } from '@gabarita/shared';
import { questionHistory } from '@/db/schema';
import { addDays, saoPauloDay } from '@/lib/clock';
import { get, send, signedInStudent } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('progress over time', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  /** Answers a question and moves the answer to `at` (an instant). */
  async function answerAt(
    user: { user: { id: string }; cookie: string },
    questionId: string,
    letter: string,
    at: string,
  ) {
    await send(app(), 'POST', `/api/questions/${questionId}/check`, { letter }, user.cookie);
    await testApp.database.db
      .update(questionHistory)
      .set({ answeredAt: sql`${at}::timestamptz` })
      .where(
        and(eq(questionHistory.userId, user.user.id), eq(questionHistory.questionId, questionId)),
      );
  }

  it('is Premium', async () => {
    const free = await signedInStudent(app(), testApp.database);
    const response = await get(app(), '/api/me/history/progress', free.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/premium-required');
  });

  it('counts answers per São Paulo day and the success rate per ISO week, by discipline and by board', async () => {
    const user = await signedInStudent(app(), testApp.database, { premium: true });
    const today = saoPauloDay();
    const yesterday = addDays(today, -1);
    // 01:30 UTC is still the day before in São Paulo (UTC−3).
    await answerAt(user, 'alfa_2017_prova_1', 'A', `${today}T12:00:00-03:00`); // right, matemática, Banca X
    await answerAt(user, 'alfa_2017_prova_2', 'B', `${today}T01:30:00Z`); // wrong: day before in SP
    await answerAt(user, 'gama_2015_prova_2', 'B', `${yesterday}T10:00:00-03:00`); // right, português, Banca Y
    await answerAt(user, 'alfa_2017_prova_4', 'B', `${addDays(today, -100)}T10:00:00-03:00`); // outside both periods

    const byDiscipline = (await get(app(), '/api/me/history/progress', user.cookie)).json();
    expect(byDiscipline.by).toBe('disciplina');
    expect(byDiscipline.days).toHaveLength(PROGRESS_DAYS);
    expect(byDiscipline.days.at(-1)).toEqual({
      day: today,
      answered: 1,
      correct: 1,
      successRate: 100,
    });
    expect(byDiscipline.days.at(-2)).toEqual({
      day: yesterday,
      answered: 2,
      correct: 1,
      successRate: 50,
    });
    expect(byDiscipline.days.at(0).answered).toBe(0);
    expect(byDiscipline.weeks).toHaveLength(PROGRESS_WEEKS);
    const lastWeek = byDiscipline.weeks.at(-1);
    expect(new Date(`${lastWeek.weekStart}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    const recent = byDiscipline.weeks
      .filter((week: { weekStart: string }) => week.weekStart >= addDays(yesterday, -6))
      .reduce((sum: number, week: { answered: number }) => sum + week.answered, 0);
    expect(recent).toBe(3);
    expect(byDiscipline.groups.map((group: { key: string }) => group.key)).toEqual([
      'matematica',
      'portugues',
    ]);

    const byBoard = (await get(app(), '/api/me/history/progress?by=banca', user.cookie)).json();
    expect(byBoard.groups).toEqual([
      { key: 'Banca X', name: 'Banca X', answered: 2 },
      { key: 'Banca Y', name: 'Banca Y', answered: 1 },
    ]);
    const allWeeks = byBoard.weeks.flatMap(
      (week: { groups: { key: string; answered: number; correct: number }[] }) => week.groups,
    );
    const sum = (key: string, field: 'answered' | 'correct') =>
      allWeeks
        .filter((group: { key: string }) => group.key === key)
        .reduce((total: number, group: Record<string, number>) => total + group[field]!, 0);
    expect([sum('Banca X', 'answered'), sum('Banca X', 'correct')]).toEqual([2, 1]);
    expect([sum('Banca Y', 'answered'), sum('Banca Y', 'correct')]).toEqual([1, 1]);

    expect((await get(app(), '/api/me/history/progress?by=orgao', user.cookie)).statusCode).toBe(
      400,
    );
  });
});
