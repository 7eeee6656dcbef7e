import { REVIEW_INTERVALS_DAYS } from '@gabarita/shared';
import { addDays } from '@/lib/clock';

export interface LadderState {
  /** Right answers on review in a row. */
  step: number;
  /** São Paulo day it is due; null once mastered. */
  dueDay: string | null;
}

/**
 * The review ladder (docs/product-rules.md, "Mistakes notebook"). A wrong answer, wherever it is
 * given, puts the question on the first rung: due the next day. A right answer on a due question
 * moves it up: due again after 1, 3, 7 and then 21 days; a right answer at the end of the 21 days
 * masters it. A right answer before the question is due changes nothing, so repeating a question
 * on one day does not rush the ladder; nor does a wrong answer to a question a mistake already put
 * on the first rung that day. Returns null when nothing changes.
 */
export function nextLadderState(
  current: LadderState | undefined,
  correct: boolean,
  today: string,
): LadderState | null {
  if (!correct) {
    const firstRung = { step: 0, dueDay: addDays(today, REVIEW_INTERVALS_DAYS[0]) };
    const already = current?.step === firstRung.step && current.dueDay === firstRung.dueDay;
    return already ? null : firstRung;
  }
  if (!current || current.dueDay === null || current.dueDay > today) return null;
  const interval = REVIEW_INTERVALS_DAYS[current.step];
  if (interval === undefined) return { step: current.step, dueDay: null };
  return { step: current.step + 1, dueDay: addDays(today, interval) };
}
