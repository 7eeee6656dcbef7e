import type { QuestionDetail } from '@gabarita/shared';

/**
 * Whether the question can take an answer now: an annulled one never can, and a retired one only
 * from those who answered it before (docs/product-rules.md, "Retired questions"), as a re-check.
 */
export function closedToAnswers(question: QuestionDetail): boolean {
  return question.status === 'annulled' || (question.retired && question.recordedAnswer === null);
}
