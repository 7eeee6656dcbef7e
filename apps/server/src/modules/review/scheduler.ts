import {
  type Card,
  type FSRSParameters,
  type Grade,
  Rating,
  type State,
  createEmptyCard,
  fsrs,
  generatorParameters,
} from 'ts-fsrs';
import { saoPauloDay } from '@/lib/clock';

/** The desired retention a student starts with, and the range they may choose from. */
export const DEFAULT_RETENTION = 0.9;

/**
 * The FSRS parameters (docs/product-rules.md, "Review"): ts-fsrs's default weights (FSRS-6), the
 * student's desired retention, no fuzz (the interval shown on a button is the one given), and one
 * day as the only (re)learning step, so a forgotten item comes back the next day.
 */
export function reviewParameters(desiredRetention: number): FSRSParameters {
  return generatorParameters({
    request_retention: desiredRetention,
    maximum_interval: 36500,
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: ['1d'],
    relearning_steps: ['1d'],
  });
}

const schedulers = new Map<number, ReturnType<typeof fsrs>>();

export function schedulerFor(desiredRetention: number) {
  let scheduler = schedulers.get(desiredRetention);
  if (!scheduler) {
    scheduler = fsrs(reviewParameters(desiredRetention));
    schedulers.set(desiredRetention, scheduler);
  }
  return scheduler;
}

/** An item's stored FSRS state: the columns of `fsrsColumns()`. */
export interface StoredState {
  due: Date | null;
  dueDay: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  fsrsState: number;
  lastReviewedAt: Date | null;
}

/** The start of a São Paulo day (UTC−3 all year since 2019). */
export function startOfDay(day: string): Date {
  return new Date(`${day}T03:00:00Z`);
}

export function toCard(stored: StoredState | undefined, now: Date): Card {
  if (!stored) return createEmptyCard(now);
  return {
    due: stored.due ?? startOfDay(stored.dueDay),
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsed_days: stored.elapsedDays,
    scheduled_days: stored.scheduledDays,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: stored.fsrsState as State,
    last_review: stored.lastReviewedAt ?? undefined,
  };
}

export function fromCard(card: Card): StoredState {
  return {
    due: card.due,
    dueDay: saoPauloDay(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    fsrsState: card.state,
    lastReviewedAt: card.last_review ?? null,
  };
}

export const GRADES = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const;

/** Days from the review's São Paulo day to the day it is due again, as the buttons show them. */
export function intervalDays(reviewedAt: Date, due: Date): number {
  const from = Date.parse(`${saoPauloDay(reviewedAt)}T00:00:00Z`);
  const to = Date.parse(`${saoPauloDay(due)}T00:00:00Z`);
  return Math.round((to - from) / 86_400_000);
}

/** What each rating would do to the item now: its next due day and the days until it. */
export function previews(stored: StoredState | undefined, now: Date, desiredRetention: number) {
  const preview = schedulerFor(desiredRetention).repeat(toCard(stored, now), now);
  return GRADES.map((grade) => {
    const { card } = preview[grade];
    return { rating: grade, dueDay: saoPauloDay(card.due), days: intervalDays(now, card.due) };
  });
}

/** The item's state after a review rated `grade` at `reviewedAt`, and ts-fsrs's log of it. */
export function review(
  stored: StoredState | undefined,
  reviewedAt: Date,
  grade: Grade,
  desiredRetention: number,
) {
  const { card, log } = schedulerFor(desiredRetention).next(
    toCard(stored, reviewedAt),
    reviewedAt,
    grade,
  );
  return { state: fromCard(card), log };
}
