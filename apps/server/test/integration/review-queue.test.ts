import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  flashcardListResponseSchema,
  flashcardSchema,
  REVIEW_MESSAGES,
  retentionResponseSchema,
  questionDetailSchema,
  reviewCountResponseSchema,
  reviewQueueResponseSchema,
  reviewResultSchema,
  reviewSettingsSchema,
} from '@gabarita/shared';
import { flashcards, reviewItems, reviewLogs } from '@/db/schema';
import { get, send, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

const EXAM = 'alfa_2017_prova';
const q = (n: number) => `${EXAM}_${n}`;
const DAY = 86_400_000;

/** The day's review queue, shared by notebook questions and flashcards (docs/product-rules.md, "Review"). */
describe('review queue', () => {
  let testApp: TestApp;
  let editor: string;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
    editor = (await signedInStudent(testApp.app, testApp.database, { role: 'editor' })).cookie;
  });
  afterAll(() => testApp.close());
  afterEach(() => vi.useRealTimers());
  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const student = () => signedInStudent(app(), testApp.database, { premium: true });
  const at = (iso: string) => vi.setSystemTime(new Date(iso));
  const check = (cookie: string, n: number, letter: string) =>
    send(app(), 'POST', `/api/questions/${q(n)}/check`, { letter }, cookie);
  const queue = async (cookie: string) => {
    const response = await get(app(), '/api/me/review/today', cookie);
    expect(response.statusCode, response.body).toBe(200);
    const full = parsed(response, reviewQueueResponseSchema);
    // The home page's count says the same as the queue it stands for.
    const count = await get(app(), '/api/me/review/today/count', cookie);
    expect(count.statusCode, count.body).toBe(200);
    expect(parsed(count, reviewCountResponseSchema)).toEqual({
      dueCount: full.dueCount,
      estimatedMinutes: full.estimatedMinutes,
    });
    return full;
  };
  const newCard = async (cookie: string, body: Record<string, unknown>) => {
    const response = await send(app(), 'POST', '/api/me/flashcards', body, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return parsed(response, flashcardSchema);
  };
  const rate = (cookie: string, body: Record<string, unknown>) =>
    send(app(), 'POST', '/api/me/review/reviews', body, cookie);
  const logsOf = (userId: string) =>
    db().select().from(reviewLogs).where(eq(reviewLogs.userId, userId));
  /** A wrong answer and the key of the question (the alternative the check gives back). */
  const mistake = async (cookie: string, n: number) => {
    const first = (await check(cookie, n, 'A')).json();
    if (first.correct) {
      const wrong = ['B', 'C', 'D'].find((letter) => letter !== first.gabarito)!;
      // Already answered right: a wrong answer now puts it in the notebook all the same.
      await check(cookie, n, wrong);
    }
    return first.gabarito as string;
  };

  it('holds the due questions and cards together, with counts, minutes and the intervals of ts-fsrs', async () => {
    const { cookie } = await student();
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-06-01T15:00:00Z');
    await mistake(cookie, 1);
    await mistake(cookie, 3);
    const card = await newCard(cookie, {
      front: 'Quanto é 1/2 + 1/4?',
      back: '3/4',
      disciplineCode: 'matematica',
      subject: 'Frações',
    });
    // Cards are due the day they are made; mistakes the next day.
    let today = await queue(cookie);
    expect(today.items.map((item) => [item.kind, item.id])).toEqual([['flashcard', card.id]]);
    expect(today).toMatchObject({ dueCount: 1, estimatedMinutes: 1, desiredRetention: 0.9 });

    at('2026-06-02T15:00:00Z');
    today = await queue(cookie);
    expect(today.dueCount).toBe(3);
    expect(today.items.map((item) => item.kind).sort()).toEqual([
      'flashcard',
      'question',
      'question',
    ]);
    // 2 questions × 1.5 min + 1 card × 0.5 min.
    expect(today.estimatedMinutes).toBe(4);
    const question = today.items.find((item) => item.kind === 'question')!;
    expect(question.kind === 'question' && question.question.alternatives.length).toBeGreaterThan(
      1,
    );
    // It carries the figures its statement and alternatives show, as the question page gives them,
    // for use without a connection (a format-1 image after the statement is the page's alone).
    if (question.kind !== 'question') throw new Error('a question item');
    const page = parsed(
      await get(app(), `/api/questions/${question.question.id}`, cookie),
      questionDetailSchema,
    );
    expect(question.question.figures).toEqual(
      page.figures.filter((figure) => figure.assetId !== page.image?.assetId),
    );

    // The intervals shown are ts-fsrs's for the item's state.
    const scheduler = fsrs({
      request_retention: 0.9,
      enable_fuzz: false,
      learning_steps: ['1d'],
      relearning_steps: ['1d'],
    });
    const now = new Date('2026-06-02T15:00:00Z');
    const preview = scheduler.repeat(createEmptyCard(new Date('2026-06-01T15:00:00Z')), now);
    const grades = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const;
    const cardItem = today.items.find((item) => item.kind === 'flashcard')!;
    const days = (due: Date) =>
      Math.round((Date.parse(due.toISOString().slice(0, 10)) - Date.parse('2026-06-02')) / DAY);
    expect(cardItem.previews.map((entry) => [entry.rating, entry.days])).toEqual(
      grades.map((grade) => [
        grade,
        days(new Date(preview[grade].card.due.getTime() - 3 * 3_600_000)),
      ]),
    );

    // Rated Bom: it leaves today's queue, due the day the button said.
    const good = cardItem.previews.find((entry) => entry.rating === 3)!;
    const rated = await rate(cookie, {
      clientId: randomUUID(),
      itemId: cardItem.id,
      rating: 3,
      reviewedAt: now.toISOString(),
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(parsed(rated, reviewResultSchema)).toMatchObject({
      applied: true,
      dueDay: good.dueDay,
      days: good.days,
    });
    today = await queue(cookie);
    expect(today.dueCount).toBe(2);
    expect(today.items.every((item) => item.kind === 'question')).toBe(true);
  });

  it('changes nothing when a review is sent again with its client id', async () => {
    const { cookie, user } = await student();
    const card = await newCard(cookie, { front: 'Frente', back: 'Verso' });
    const review = {
      clientId: randomUUID(),
      itemId: card.id,
      rating: 4,
      reviewedAt: new Date().toISOString(),
    };
    const first = await rate(cookie, review);
    expect(first.statusCode, first.body).toBe(200);
    const [stateAfterFirst] = await db()
      .select()
      .from(flashcards)
      .where(eq(flashcards.guid, card.id));
    // Sent again (an offline queue replayed), even with another rating: the first answer stands.
    const again = await rate(cookie, { ...review, rating: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [stateAfterReplay] = await db()
      .select()
      .from(flashcards)
      .where(eq(flashcards.guid, card.id));
    expect(stateAfterReplay).toEqual(stateAfterFirst);
    expect(await logsOf(user.id)).toHaveLength(1);
    // Both at once: still one review.
    const twice = { ...review, clientId: randomUUID() };
    const [a, b] = await Promise.all([rate(cookie, twice), rate(cookie, twice)]);
    expect(a.json()).toEqual(b.json());
    expect(await logsOf(user.id)).toHaveLength(2);
  });

  it('keeps the later review when an earlier one, made on another device, arrives after it', async () => {
    const { cookie, user } = await student();
    const card = await newCard(cookie, { front: 'Frente', back: 'Verso' });
    const later = new Date();
    const earlier = new Date(later.getTime() - 2 * 3_600_000);
    const laterReview = await rate(cookie, {
      clientId: randomUUID(),
      itemId: card.id,
      rating: 4,
      reviewedAt: later.toISOString(),
    });
    const [state] = await db().select().from(flashcards).where(eq(flashcards.guid, card.id));
    const earlierReview = await rate(cookie, {
      clientId: randomUUID(),
      itemId: card.id,
      rating: 1,
      reviewedAt: earlier.toISOString(),
    });
    expect(earlierReview.statusCode, earlierReview.body).toBe(200);
    expect(earlierReview.json()).toMatchObject({
      applied: false,
      dueDay: laterReview.json().dueDay,
    });
    const [unchanged] = await db().select().from(flashcards).where(eq(flashcards.guid, card.id));
    expect(unchanged).toEqual(state);
    // Both are in the log (the earlier one counts for retention), one of them applied.
    const logs = await logsOf(user.id);
    expect(logs.map((log) => [log.rating, log.applied]).sort()).toEqual([
      [1, false],
      [4, true],
    ]);
  });

  it('refuses a review older than 30 days, takes a future time as now, and judges the letter', async () => {
    const { cookie, user } = await student();
    const card = await newCard(cookie, { front: 'Frente', back: 'Verso' });
    const old = await rate(cookie, {
      clientId: randomUUID(),
      itemId: card.id,
      rating: 3,
      reviewedAt: new Date(Date.now() - 31 * DAY).toISOString(),
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().error).toEqual({
      code: 'review/too-old',
      message: REVIEW_MESSAGES.reviewTooOld,
    });
    expect(await logsOf(user.id)).toHaveLength(0);

    const ahead = await rate(cookie, {
      clientId: randomUUID(),
      itemId: card.id,
      rating: 3,
      reviewedAt: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    expect(ahead.statusCode).toBe(200);
    const [log] = await logsOf(user.id);
    expect(log!.reviewedAt.getTime()).toBeLessThanOrEqual(Date.now());

    // A notebook question answered with a wrong letter is Errei, whatever was tapped.
    const key = await mistake(cookie, 2);
    const guidOf = async () =>
      (
        await db()
          .select({ guid: reviewItems.guid })
          .from(reviewItems)
          .where(and(eq(reviewItems.userId, user.id), eq(reviewItems.questionId, q(2))))
      )[0];
    const item = await guidOf();
    const wrongLetter = ['A', 'B', 'C', 'D'].find((letter) => letter !== key)!;
    const judged = await rate(cookie, {
      clientId: randomUUID(),
      itemId: item!.guid,
      rating: 4,
      letter: wrongLetter,
      reviewedAt: new Date().toISOString(),
    });
    expect(judged.json()).toMatchObject({ rating: 1, days: 1 });
    // The item keeps its GUID through answers and reviews (exports name it by it).
    await check(cookie, 2, wrongLetter);
    expect(await guidOf()).toEqual(item);
    expect(judged.json().itemId).toBe(item!.guid);

    // Someone else's item is not found, and nothing is logged for it.
    const other = await student();
    const foreign = await rate(other.cookie, {
      clientId: randomUUID(),
      itemId: card.id,
      rating: 3,
      reviewedAt: new Date().toISOString(),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await logsOf(other.user.id)).toHaveLength(0);
  });

  it('makes a card from a mistake in one tap, edits and deletes it, and flags it when the key changes', async () => {
    const { cookie } = await student();
    const key = await mistake(cookie, 4);
    const made = await send(
      app(),
      'POST',
      '/api/me/flashcards/from-question',
      { questionId: q(4) },
      cookie,
    );
    expect(made.statusCode, made.body).toBe(201);
    const card = parsed(made, flashcardSchema);
    expect(card.front.length).toBeGreaterThan(10);
    expect(card.back).toContain(`Gabarito: ${key}`);
    expect(card).toMatchObject({ sourceQuestionId: q(4), flaggedBecause: null });

    // Not from someone else's notebook (nor from a question outside one's own).
    const other = await student();
    const refused = await send(
      app(),
      'POST',
      '/api/me/flashcards/from-question',
      { questionId: q(4) },
      other.cookie,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(REVIEW_MESSAGES.questionNotInNotebook);

    const edited = await send(
      app(),
      'PUT',
      `/api/me/flashcards/${card.id}`,
      {
        front: 'Minha frente',
        back: card.back,
        disciplineCode: card.disciplineCode,
        subject: card.subject,
      },
      cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // Edited, the card keeps its GUID.
    expect(edited.json()).toMatchObject({ id: card.id, front: 'Minha frente' });
    const blank = await send(
      app(),
      'PUT',
      `/api/me/flashcards/${card.id}`,
      { front: '  ', back: 'x' },
      cookie,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(REVIEW_MESSAGES.flashcardFrontRequired);
    const byOther = await send(
      app(),
      'PUT',
      `/api/me/flashcards/${card.id}`,
      { front: 'a', back: 'b' },
      other.cookie,
    );
    expect(byOther.statusCode).toBe(404);

    // The board changes the key: the card stays, flagged.
    const otherKey = ['A', 'B', 'C', 'D'].find((letter) => letter !== key)!;
    const applied = await send(
      app(),
      'POST',
      `/api/admin/exams/${EXAM}/answer-key/apply`,
      { changes: [{ number: 4, key: otherKey }] },
      editor,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const list = parsed(
      await get(app(), '/api/me/flashcards', cookie),
      flashcardListResponseSchema,
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        id: card.id,
        front: 'Minha frente',
        flaggedBecause: 'O gabarito da questão de origem mudou.',
      }),
    ]);

    const deleted = await send(app(), 'DELETE', `/api/me/flashcards/${card.id}`, {}, cookie);
    expect(deleted.statusCode).toBe(204);
    expect(
      parsed(await get(app(), '/api/me/flashcards', cookie), flashcardListResponseSchema).items,
    ).toEqual([]);
  });

  it('keeps the desired retention between 70% and 97% and shows the retention per discipline', async () => {
    const { cookie } = await student();
    expect(
      parsed(await get(app(), '/api/me/review/settings', cookie), reviewSettingsSchema),
    ).toEqual({
      desiredRetention: 0.9,
    });
    const low = await send(
      app(),
      'PUT',
      '/api/me/review/settings',
      { desiredRetention: 0.5 },
      cookie,
    );
    expect(low.statusCode).toBe(400);
    expect(low.body).toContain(REVIEW_MESSAGES.invalidRetention);
    const saved = await send(
      app(),
      'PUT',
      '/api/me/review/settings',
      { desiredRetention: 0.95 },
      cookie,
    );
    expect(saved.json()).toEqual({ desiredRetention: 0.95 });

    const card = await newCard(cookie, { front: 'F', back: 'V', disciplineCode: 'matematica' });
    const review = (rating: number, hoursAgo: number) =>
      rate(cookie, {
        clientId: randomUUID(),
        itemId: card.id,
        rating,
        reviewedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      });
    // The first rating of a new card is not a review of something learned.
    await review(3, 3);
    await review(1, 2);
    await review(3, 1);
    const retention = parsed(
      await get(app(), '/api/me/review/retention', cookie),
      retentionResponseSchema,
    );
    expect(retention).toEqual({
      desiredRetention: 0.95,
      windowDays: 30,
      disciplines: [{ code: 'matematica', name: 'Matemática', reviews: 2, remembered: 1 }],
    });
  });
});
