import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMMON_ERROR_MESSAGES,
  reviewResponseSchema,
  reviewCountResponseSchema,
} from '@gabarita/shared';
import { get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The mistakes notebook and its review ladder (docs/product-rules.md, "Mistakes notebook"). */
describe('mistakes notebook', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  afterEach(() => vi.useRealTimers());
  const app = () => testApp.app;
  const check = (cookie: string, id: string, letter: string) =>
    send(app(), 'POST', `/api/questions/${id}/check`, { letter }, cookie);
  const notebook = async (cookie: string, query = '') => {
    const response = await get(app(), `/api/me/review${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return parsed(response, reviewResponseSchema);
  };
  const dueCount = async (cookie: string) =>
    parsed(await get(app(), '/api/me/review/count', cookie), reviewCountResponseSchema).dueToday;
  /** Noon in São Paulo on the given day (the fake clock; the database keeps its own). */
  const at = (day: string) => vi.setSystemTime(new Date(`${day}T15:00:00Z`));

  it('is Premium: free accounts get 403 auth/premium-required', async () => {
    const { cookie } = await signedInStudent(app(), testApp.database);
    for (const url of ['/api/me/review', '/api/me/review/count']) {
      const response = await get(app(), url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'auth/premium-required',
        message: COMMON_ERROR_MESSAGES['auth/premium-required'],
      });
    }
  });

  it('takes every wrong answer; right answers on due days climb 1, 3, 7, 21 days; wrong goes back', async () => {
    const { cookie } = await signedInStudent(app(), testApp.database, {
      premium: true,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-03-10');
    expect((await check(cookie, 'alfa_2017_prova_1', 'B')).json().correct).toBe(false);
    expect((await check(cookie, 'alfa_2017_prova_2', 'C')).json().correct).toBe(true);
    let book = await notebook(cookie);
    expect(book.items.map((item) => [item.id, item.step, item.dueDay, item.due])).toEqual([
      ['alfa_2017_prova_1', 0, '2026-03-11', false],
    ]);
    expect(book.dueToday).toBe(0);

    // A right answer before the day changes nothing.
    await check(cookie, 'alfa_2017_prova_1', 'A');
    expect((await notebook(cookie)).items[0]).toMatchObject({ step: 0, dueDay: '2026-03-11' });

    const climb = async (day: string, expected: { step: number; dueDay: string | null }) => {
      at(day);
      expect(await dueCount(cookie)).toBe(1);
      await check(cookie, 'alfa_2017_prova_1', 'A');
      expect((await notebook(cookie)).items[0]).toMatchObject(expected);
      expect(await dueCount(cookie)).toBe(0);
    };
    await climb('2026-03-11', { step: 1, dueDay: '2026-03-12' });
    await climb('2026-03-12', { step: 2, dueDay: '2026-03-15' });
    // Wrong on review: back to the first rung, due the next day.
    at('2026-03-15');
    await check(cookie, 'alfa_2017_prova_1', 'D');
    expect((await notebook(cookie)).items[0]).toMatchObject({ step: 0, dueDay: '2026-03-16' });
    await climb('2026-03-16', { step: 1, dueDay: '2026-03-17' });
    await climb('2026-03-17', { step: 2, dueDay: '2026-03-20' });
    await climb('2026-03-20', { step: 3, dueDay: '2026-03-27' });
    // Due days left behind still count as due (the review waits for the user).
    at('2026-03-29');
    await climb('2026-03-29', { step: 4, dueDay: '2026-04-19' });
    // Mastered at the end of the 21 days; it stays in the notebook, never due again.
    await climb('2026-04-19', { step: 4, dueDay: null });
    book = await notebook(cookie);
    expect(book).toMatchObject({ dueToday: 0, total: 1 });
  });

  it('counts due reviews per São Paulo day and filters by discipline and subject', async () => {
    const { cookie } = await signedInStudent(app(), testApp.database, { premium: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 in São Paulo on the 10th is already the 11th in UTC.
    vi.setSystemTime(new Date('2026-05-11T02:30:00Z'));
    await check(cookie, 'alfa_2017_prova_1', 'B'); // matemática, Frações
    await check(cookie, 'alfa_2017_prova_3', 'A'); // matemática, Geometria
    await check(cookie, 'alfa_2017_prova_4', 'A'); // português, Interpretação
    expect((await notebook(cookie)).items.every((item) => item.dueDay === '2026-05-11')).toBe(true);
    expect(await dueCount(cookie)).toBe(0);
    vi.setSystemTime(new Date('2026-05-11T03:01:00Z')); // 00:01 of the 11th in São Paulo
    expect(await dueCount(cookie)).toBe(3);

    const book = await notebook(cookie);
    expect(book.disciplines).toEqual(
      [
        { code: 'portugues', name: 'Língua Portuguesa', subjects: ['Interpretação'] },
        { code: 'matematica', name: 'Matemática', subjects: ['Frações', 'Geometria'] },
      ].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    );
    // Same due day and same moment (the fake clock): in question order.
    expect((await notebook(cookie, '?disciplina=matematica')).items.map((i) => i.id)).toEqual([
      'alfa_2017_prova_1',
      'alfa_2017_prova_3',
    ]);
    const filtered = await notebook(
      cookie,
      `?disciplina=matematica&assunto=${encodeURIComponent('Frações')}`,
    );
    expect(filtered.items.map((i) => i.id)).toEqual(['alfa_2017_prova_1']);
    // The counts are over the whole notebook.
    expect(filtered).toMatchObject({ dueToday: 3, total: 3 });

    // Resetting the history empties the notebook.
    vi.useRealTimers();
    await send(app(), 'DELETE', '/api/me/history', {}, cookie);
    expect((await notebook(cookie)).total).toBe(0);
  });

  it('keeps one user notebook away from another', async () => {
    const a = await signedInStudent(app(), testApp.database, { premium: true });
    const b = await signedInStudent(app(), testApp.database, { premium: true });
    await check(a.cookie, 'beta_2015_prova_1', 'B');
    expect((await notebook(a.cookie)).total).toBe(1);
    expect((await notebook(b.cookie)).total).toBe(0);
  });
});
