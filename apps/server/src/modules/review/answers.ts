import { randomUUID } from 'node:crypto';
import { DESIRED_RETENTION_DEFAULT } from '@gabarita/shared';
import { Rating } from 'ts-fsrs';
import type { Database } from '@/db/client';
import { addDays, saoPauloDay } from '@/lib/clock';
import {
  desiredRetention,
  insertLog,
  lockQuestionItem,
  questionDiscipline,
  saveQuestionState,
} from './review.repo';
import { review, type StoredState } from './scheduler';

/** What the marks in memory know of a notebook question. */
export interface NotebookPlace {
  step: number;
  dueDay: string | null;
}

/**
 * Whether an answer given outside the review (a check, a simulado) moves the question in the queue
 * (docs/product-rules.md, "Review"): a wrong answer is Errei, unless a mistake already made it due
 * tomorrow today; a right answer is Bom when the question is due, and nothing before.
 */
export function answerMovesQuestion(
  current: NotebookPlace | undefined,
  correct: boolean,
  today: string,
): boolean {
  if (!correct) return !(current?.step === 0 && current.dueDay === addDays(today, 1));
  return Boolean(current && current.dueDay !== null && current.dueDay <= today);
}

/** Inside the caller's transaction: the answer as a review of the question, when it moves it. */
export async function reviewQuestionAnswer(
  tx: Database,
  userId: string,
  questionId: string,
  correct: boolean,
  now = new Date(),
) {
  const current = await lockQuestionItem(tx, userId, questionId);
  if (!answerMovesQuestion(current, correct, saoPauloDay(now))) return;
  const retention = (await desiredRetention(tx, userId)) ?? DESIRED_RETENTION_DEFAULT;
  const stored: StoredState | undefined = current;
  const rating = correct ? Rating.Good : Rating.Again;
  const { state } = review(stored, now, rating, retention);
  await saveQuestionState(tx, userId, questionId, state, {
    step: correct ? (current?.step ?? 0) + 1 : 0,
    wrongAt: correct ? null : now,
  });
  await insertLog(tx, {
    userId,
    clientId: randomUUID(),
    itemGuid: current?.guid ?? (await lockQuestionItem(tx, userId, questionId))!.guid,
    kind: 'question',
    questionId,
    disciplineCode: await questionDiscipline(tx, questionId),
    rating,
    fsrsState: stored?.fsrsState ?? 0,
    elapsedDays: state.elapsedDays,
    scheduledDays: state.scheduledDays,
    stability: state.stability,
    difficulty: state.difficulty,
    reviewedAt: now,
    nextDue: state.due ?? now,
    nextDueDay: state.dueDay,
    applied: true,
  });
}
