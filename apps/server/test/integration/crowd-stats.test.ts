import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROWD_STATS_MIN_USERS, STUDY_TOOLS_MESSAGES } from '@gabarita/shared';
import { executeRows } from '@/db/client';
import { createOperatorService } from '@/modules/operator/operator.service';
import { createPasswordUser, get, send, sessionCookieFor } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Crowd answer stats (docs/product-rules.md, "Crowd answer stats"). */
describe('crowd answer stats', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  // Many accounts: sessions straight in the database (signing in would meet its rate limit).
  const student = async () => {
    const { user, email } = await createPasswordUser(testApp.database.db);
    await createOperatorService(testApp.database).run(
      'user:grant-premium',
      [email, '30'],
      'direct',
    );
    return { cookie: await sessionCookieFor(testApp.database.db, user.id) };
  };
  const check = (cookie: string, id: string, letter: string) =>
    send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);
  const stats = (cookie: string, id: string) => get(app(), `/api/questions/${id}/stats`, cookie);

  /** Counters against the first answers kept in the histories; empty when they agree. */
  const mismatches = () =>
    executeRows<{ question_id: string }>(
      testApp.database.db,
      sql`select question_id from (
            select question_id, chosen_letter as letter, count(*)::int as n from question_history
            where response is not null group by question_id, chosen_letter) h
          full join question_answer_counts c using (question_id, letter)
          where coalesce(h.n, 0) <> coalesce(c.first_answers, 0)`,
    );

  it('shows shares only to users who checked, and only from 10 first answers on', async () => {
    const question = 'alfa_2017_prova_2'; // key C
    const letters = ['C', 'C', 'C', 'C', 'C', 'C', 'C', 'A', 'B', 'B'];
    const users = [];
    for (const letter of letters.slice(0, CROWD_STATS_MIN_USERS - 1)) {
      const user = await student();
      expect((await check(user.cookie, question, letter)).statusCode).toBe(200);
      users.push(user);
    }
    const first = users[0]!;
    // Nine answers: not yet.
    expect((await stats(first.cookie, question)).json()).toEqual({ available: false });

    const outsider = await student();
    const refused = await stats(outsider.cookie, question);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'study/check-first',
      message: STUDY_TOOLS_MESSAGES.statsCheckFirst,
    });

    // The tenth user; answers after the first change nothing.
    await check(outsider.cookie, question, letters[9]!);
    await check(outsider.cookie, question, 'C');
    await check(first.cookie, question, 'D');
    const shown = (await stats(first.cookie, question)).json();
    expect(shown).toEqual({
      available: true,
      correctPercent: 70,
      alternatives: [
        { letter: 'A', percent: 10 },
        { letter: 'B', percent: 20 },
        { letter: 'C', percent: 70 },
        { letter: 'D', percent: 0 },
      ],
    });
    // Aggregates only: no counts, ids or names.
    expect(JSON.stringify(shown)).not.toMatch(/count|user|name|email/i);
    expect(await mismatches()).toEqual([]);
  });

  it('keeps the counters equal to the histories under concurrent first answers', async () => {
    const question = 'beta_2015_prova_2';
    const users = await Promise.all(Array.from({ length: 24 }, () => student()));
    const letters = ['A', 'B', 'C', 'D'];
    // Every user at once, each twice (the second answer must not count).
    const responses = await Promise.all(
      users.flatMap((user, index) => [
        check(user.cookie, question, letters[index % 4]!),
        check(user.cookie, question, letters[(index + 1) % 4]!),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(await mismatches()).toEqual([]);
    const [total] = await executeRows<{ n: number }>(
      testApp.database.db,
      sql`select sum(first_answers)::int as n from question_answer_counts where question_id = ${question}`,
    );
    expect(total!.n).toBe(24);
  });

  it('takes a reset history out of the counters', async () => {
    const question = 'gama_2015_prova_1';
    const user = await student();
    await check(user.cookie, question, 'A');
    expect((await send(app(), 'DELETE', '/api/me/history', {}, user.cookie)).statusCode).toBe(204);
    expect(await mismatches()).toEqual([]);
    // Answering again after the reset is a first answer again, counted once.
    await check(user.cookie, question, 'B');
    expect(await mismatches()).toEqual([]);
  });
});
