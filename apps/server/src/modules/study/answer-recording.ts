import type { Database } from '@/db/client';
import { reviewQuestionAnswer } from '@/modules/review';
import { countFirstAnswer } from './crowd-stats.repo';
import { recordAnswer } from './study.repo';

/**
 * What every answer does, inside the caller's transaction (a check or a simulado's finish): a first
 * answer goes into the history and the crowd counters, and any answer moves the question in the
 * user's review queue (docs/product-rules.md, "Crowd answer stats" and "Review").
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
  await reviewQuestionAnswer(tx, userId, questionId, answer.correct);
}
