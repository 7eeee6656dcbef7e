import type { Database } from '@/db/client';
import { saoPauloDay } from '@/lib/clock';
import { countFirstAnswer } from './crowd-stats.repo';
import { nextLadderState } from './review-ladder';
import { lockReviewItem, saveReviewItem } from './review.repo';
import { recordAnswer } from './study.repo';

/**
 * What every answer does, inside the caller's transaction (a check or a simulado's finish): a first
 * answer goes into the history and the crowd counters, and any answer moves the question on the
 * user's review ladder (docs/product-rules.md, "Crowd answer stats" and "Mistakes notebook").
 */
export async function settleAnswer(
  tx: Database,
  userId: string,
  questionId: string,
  answer: { letter: string; correct: boolean; first: boolean },
) {
  if (answer.first) {
    await recordAnswer(tx, userId, questionId, {
      response: answer.correct ? 'c' : 'e',
      chosenLetter: answer.letter,
    });
    await countFirstAnswer(tx, questionId, answer.letter);
  }
  await moveOnReviewLadder(tx, userId, questionId, answer.correct);
}

async function moveOnReviewLadder(
  tx: Database,
  userId: string,
  questionId: string,
  correct: boolean,
) {
  const now = new Date();
  const current = await lockReviewItem(tx, userId, questionId);
  const next = nextLadderState(current, correct, saoPauloDay(now));
  if (!next) return;
  await saveReviewItem(tx, userId, questionId, next, {
    wrongAt: correct ? null : now,
    reviewedAt: now,
  });
}
