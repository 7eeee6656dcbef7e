import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMON_ERROR_MESSAGES, reviewResponseSchema } from '@gabarita/shared';
import { get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The mistakes notebook and its review schedule (docs/product-rules.md, "Mistakes notebook", "Review"). */
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
  const dueCount = async (cookie: string) => (await notebook(cookie)).dueToday;
  /** Noon in São Paulo on the given day (the fake clock; the database keeps its own). */
  const at = (day: string) => vi.setSystemTime(new Date(`${day}T15:00:00Z`));

  it('is Premium: free accounts get 403 auth/premium-required', async () => {
    const { cookie } = await signedInStudent(app(), testApp.database);
    for (const url of ['/api/me/review', '/api/me/review/today/count']) {
      const response = await get(app(), url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'auth/premium-required',
        message: COMMON_ERROR_MESSAGES['auth/premium-required'],
      });
    }
  });

  it('takes every wrong answer; right answers on due days space it as FSRS does; wrong brings it back the next day', async () => {
    const { cookie } = await signedInStudent(app(), testApp.database, {
      premium: true,
    });
    // The reference: ts-fsrs with the parameters of docs/product-rules.md, "Review".
    const scheduler = fsrs({
      request_retention: 0.9,
      enable_fuzz: false,
      learning_steps: ['1d'],
      relearning_steps: ['1d'],
    });
    const dayOf = (date: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-03-10');
    expect((await check(cookie, 'alfa_2017_prova_1', 'B')).json().correct).toBe(false);
    expect((await check(cookie, 'alfa_2017_prova_2', 'C')).json().correct).toBe(true);
    let card = scheduler.next(createEmptyCard(), new Date(), Rating.Again).card;
    let book = await notebook(cookie);
    expect(book.items.map((item) => [item.id, item.step, item.dueDay, item.due])).toEqual([
      ['alfa_2017_prova_1', 0, '2026-03-11', false],
    ]);
    expect(book.dueToday).toBe(0);

    // A right answer before the day changes nothing.
    await check(cookie, 'alfa_2017_prova_1', 'A');
    expect((await notebook(cookie)).items[0]).toMatchObject({ step: 0, dueDay: '2026-03-11' });

    const answer = async (day: string, right: boolean, step: number) => {
      at(day);
      expect(await dueCount(cookie)).toBe(1);
      await check(cookie, 'alfa_2017_prova_1', right ? 'A' : 'D');
      card = scheduler.next(card, new Date(), right ? Rating.Good : Rating.Again).card;
      expect((await notebook(cookie)).items[0]).toMatchObject({ step, dueDay: dayOf(card.due) });
      expect(await dueCount(cookie)).toBe(0);
      return dayOf(card.due);
    };
    let next = await answer('2026-03-11', true, 1);
    next = await answer(next, true, 2);
    // Wrong on review: due the next day.
    expect(await answer(next, false, 0)).toBe(
      new Date(Date.parse(`${next}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
    next = await answer(dayOf(card.due), true, 1);
    const gaps: number[] = [];
    for (let step = 2; step <= 5; step++) {
      const from = next;
      next = await answer(from, true, step);
      gaps.push((Date.parse(next) - Date.parse(from)) / 86_400_000);
    }
    // Growing intervals; the question stays in the notebook.
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(gaps.at(-1)).toBeGreaterThan(gaps[0]!);
    // Due days left behind still count as due (the review waits for the user).
    at(new Date(Date.parse(`${next}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10));
    expect(await dueCount(cookie)).toBe(1);
    book = await notebook(cookie);
    expect(book).toMatchObject({ dueToday: 1, total: 1 });
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
