import type { Database } from '@/db/client';
import { flagCardsOf } from './review.repo';

/** Why a card made from a question may be out of date. */
export const CARD_FLAGS = {
  retired: 'A questão de origem saiu do catálogo.',
  keyChanged: 'O gabarito da questão de origem mudou.',
  commentChanged: 'O comentário da questão de origem mudou.',
  edited: 'A questão de origem foi corrigida pela equipe.',
} as const;

/**
 * Flags the cards made from a question whose key or comment changed or that left the catalogue
 * (docs/product-rules.md, "Review"): the cards stay, with the reason shown on them.
 */
export async function flagQuestionCards(
  db: Database,
  questionId: string,
  because: keyof typeof CARD_FLAGS,
) {
  await flagCardsOf(db, questionId, CARD_FLAGS[because]);
}
