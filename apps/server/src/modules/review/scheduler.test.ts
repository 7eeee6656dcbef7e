import { readFileSync } from 'node:fs';
import { Rating, createEmptyCard, fsrs } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { reviewItems } from '@/db/schema';
import { ladderPlaceState } from './ladder-migration';
import { fromCard, previews, review, reviewParameters, startOfDay } from './scheduler';

// The reference: ts-fsrs itself, with the parameters the product documents.
const reference = (retention: number) =>
  fsrs({
    request_retention: retention,
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: ['1d'],
    relearning_steps: ['1d'],
  });

describe('rating → state (ts-fsrs)', () => {
  it('a wrong answer (Again) on a new item makes it due the next day', () => {
    const now = new Date('2026-12-07T15:00:00Z');
    const { state } = review(undefined, now, Rating.Again, 0.9);
    expect(state.dueDay).toBe('2026-12-08');
    expect(state.scheduledDays).toBe(1);
    expect(state.reps).toBe(1);
  });

  it('successive Good ratings space the item exactly as ts-fsrs does', () => {
    const scheduler = reference(0.9);
    let now = new Date('2026-12-07T15:00:00Z');
    let expected = scheduler.next(createEmptyCard(now), now, Rating.Again).card;
    let { state } = review(undefined, now, Rating.Again, 0.9);
    const intervals: number[] = [];
    for (let i = 0; i < 6; i++) {
      now = expected.due;
      expected = scheduler.next(expected, now, Rating.Good).card;
      state = review(state, now, Rating.Good, 0.9).state;
      expect(state).toEqual(fromCard(expected));
      intervals.push(expected.scheduled_days);
    }
    // Growing, as FSRS spaces a remembered item.
    expect(intervals).toEqual([...intervals].sort((a, b) => a - b));
    expect(intervals.at(-1)).toBeGreaterThan(30);
  });

  it('each rating of an item keeps its own outcome, and the previews equal them', () => {
    const now = new Date('2026-12-07T15:00:00Z');
    const stored = review(undefined, new Date('2026-12-04T15:00:00Z'), Rating.Good, 0.85).state;
    const shown = previews(stored, now, 0.85);
    const scheduler = reference(0.85);
    const card = {
      ...createEmptyCard(),
      due: stored.due!,
      stability: stored.stability,
      difficulty: stored.difficulty,
      elapsed_days: stored.elapsedDays,
      scheduled_days: stored.scheduledDays,
      learning_steps: stored.learningSteps,
      reps: stored.reps,
      lapses: stored.lapses,
      state: stored.fsrsState,
      last_review: stored.lastReviewedAt!,
    };
    for (const grade of [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const) {
      const expected = scheduler.next(card, now, grade).card;
      const preview = shown.find((entry) => entry.rating === grade)!;
      expect(review(stored, now, grade, 0.85).state).toEqual(fromCard(expected));
      expect(startOfDay(preview.dueDay).getTime()).toBeLessThanOrEqual(expected.due.getTime());
    }
    expect(shown.map((entry) => entry.days)).toEqual(
      [...shown.map((entry) => entry.days)].sort((a, b) => a - b),
    );
  });

  it('a higher desired retention gives shorter intervals', () => {
    const stored = review(undefined, new Date('2026-11-01T15:00:00Z'), Rating.Good, 0.9).state;
    const now = stored.due!;
    const good = (retention: number) => previews(stored, now, retention)[2]!.days;
    expect(good(0.97)).toBeLessThan(good(0.9));
    expect(good(0.9)).toBeLessThan(good(0.7));
  });

  it('uses no fuzz and one-day (re)learning steps', () => {
    const parameters = reviewParameters(0.9);
    expect(parameters.enable_fuzz).toBe(false);
    expect(parameters.learning_steps).toEqual(['1d']);
    expect(parameters.relearning_steps).toEqual(['1d']);
  });

  it("the columns' defaults are the state of a new item rated Again", () => {
    const now = new Date('2026-12-07T15:00:00Z');
    const { card } = reference(0.9).next(createEmptyCard(now), now, Rating.Again);
    const defaults = Object.fromEntries(
      getTableConfig(reviewItems).columns.map((column) => [column.name, column.default]),
    );
    expect(defaults).toMatchObject({
      stability: card.stability,
      difficulty: card.difficulty,
      reps: card.reps,
      lapses: card.lapses,
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
      fsrs_state: card.state,
    });
  });
});

describe('ladder → FSRS migration', () => {
  const sql = readFileSync(
    new URL('../../../drizzle/0037_fsrs_review.sql', import.meta.url),
    'utf8',
  );
  const rows = [
    ...sql.matchAll(/\((-?\d), ([\d.]+)(?:::float8)?, ([\d.]+)(?:::float8)?, (\d+), (\d+)\)/g),
  ];
  const migrated = new Map(
    rows.map((row) => [
      Number(row[1]),
      {
        stability: Number(row[2]),
        difficulty: Number(row[3]),
        reps: Number(row[4]),
        scheduledDays: Number(row[5]),
      },
    ]),
  );

  it('maps every ladder place to the state ts-fsrs gives its history', () => {
    expect(migrated.size).toBe(6);
    for (const place of [0, 1, 2, 3, 4, 'mastered'] as const) {
      const expected = ladderPlaceState(place);
      const row = migrated.get(place === 'mastered' ? -1 : place);
      expect(row).toEqual({
        stability: expected.stability,
        difficulty: expected.difficulty,
        reps: expected.reps,
        scheduledDays: expected.scheduledDays,
      });
      expect(expected.fsrsState).toBe(2);
      expect(expected.lapses).toBe(0);
    }
  });

  it('a question further up the ladder is remembered longer', () => {
    const stabilities = [0, 1, 2, 3, 4, 'mastered' as const].map(
      (place) => ladderPlaceState(place).stability,
    );
    expect(stabilities).toEqual([...stabilities].sort((a, b) => a - b));
  });
});
