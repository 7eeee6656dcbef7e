import type { Database } from '@/db/client';
import { addDays, saoPauloDay } from '@/lib/clock';
import {
  finishedSimuladosWith,
  rescoreHistory,
  rescoreNotebook,
  saveSimuladoResult,
} from './key-change.repo';
import { outcomeOf, scoreResult } from './simulado-scoring';
import { setOutcome, simuladoQuestionRows } from './simulado.repo';

export { answersTo, finishedSimuladosWith } from './key-change.repo';

/**
 * Re-scores, in the caller's transaction, what the students did with a question whose key changed
 * (docs/product-rules.md, "Definitive answer key"): the verdicts of its answers and the mistakes
 * notebook (unless annulled), and the outcome and result of every finished simulado with it.
 */
export async function rescoreAfterKeyChange(
  tx: Database,
  questionId: string,
  after: { status: 'regular' | 'annulled' | 'outdated'; answerLetter: string },
) {
  if (after.status !== 'annulled') {
    await rescoreHistory(tx, questionId, after.answerLetter);
    // Errei on the day of the change: due the next day (docs/product-rules.md, "Review").
    await rescoreNotebook(tx, questionId, addDays(saoPauloDay(), 1));
  }
  for (const simulado of await finishedSimuladosWith(tx, questionId)) {
    const rows = await simuladoQuestionRows(tx, simulado.id);
    const row = rows.find((each) => each.questionId === questionId)!;
    await setOutcome(tx, simulado.id, questionId, outcomeOf(row));
    // The result as the finish would have scored it with this key; the time used stays.
    await saveSimuladoResult(
      tx,
      simulado.id,
      scoreResult(simulado.scoring, rows, simulado.result?.timeUsedSeconds ?? 0),
    );
  }
}
