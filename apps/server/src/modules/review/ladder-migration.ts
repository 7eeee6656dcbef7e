import { Rating, createEmptyCard } from 'ts-fsrs';
import { DEFAULT_RETENTION, schedulerFor } from './scheduler';

/**
 * How the fixed review ladder's places became FSRS states (migration 0037; docs/product-rules.md,
 * "Review"). Each place is what ts-fsrs gives after the history that led there: the mistake (Again),
 * then one Good per right answer, each made the day the ladder had the question due (after 1, 1, 3,
 * 7 and 21 days). A place keeps its due day; a mastered question (no due day) gets the interval of
 * its last Good, counted from its last review.
 */
export const LADDER_GAPS_DAYS = [1, 1, 3, 7, 21] as const;

/** The ladder's place: step 0..4, or 'mastered'. */
export type LadderPlace = number | 'mastered';

export function ladderPlaceState(place: LadderPlace) {
  const goods = place === 'mastered' ? LADDER_GAPS_DAYS.length : place;
  const scheduler = schedulerFor(DEFAULT_RETENTION);
  let now = new Date('2024-01-01T15:00:00Z');
  let card = scheduler.next(createEmptyCard(now), now, Rating.Again).card;
  for (let i = 0; i < goods; i++) {
    now = new Date(now.getTime() + LADDER_GAPS_DAYS[i]! * 86_400_000);
    card = scheduler.next(card, now, Rating.Good).card;
  }
  // The interval the ladder gave for its place (what the item's due day was counted with); the
  // mastered question's comes from ts-fsrs.
  const scheduledDays = place === 'mastered' ? card.scheduled_days : LADDER_GAPS_DAYS[place]!;
  return {
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    fsrsState: card.state as number,
    learningSteps: card.learning_steps,
    scheduledDays,
  };
}
