import type { BasisChange, ChatTurn } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { saoPauloDay } from '@/lib/clock';
import {
  type BasisChangeRow,
  insertBasisChange,
  outdateDidactic,
  outdateFeedback,
} from './basis-changes.repo';

export interface BasisChangeInput {
  questionId: string;
  kind: BasisChangeRow['kind'];
  /** The key before and after ('A', 'anulada'); null for a change of the comment. */
  from: string | null;
  to: string | null;
  /** The question's discipline and subject (before and after an edit): their study texts. */
  subjects: { disciplineCode: string; subject: string }[];
}

/**
 * A question's key or comment changed, in the caller's transaction: what the tutor wrote about
 * it no longer stands (docs/product-rules.md, "The tutor after a change of key or comment"). The
 * change is recorded (kept conversations are marked by it), and the question's explanation and
 * the study texts written from it are taken off, to be written again from the question as it is.
 */
export async function recordBasisChange(tx: Database, change: BasisChangeInput) {
  await insertBasisChange(tx, {
    questionId: change.questionId,
    kind: change.kind,
    fromKey: change.from,
    toKey: change.to,
  });
  await outdateFeedback(tx, change.questionId);
  await outdateDidactic(tx, change.questionId, change.subjects);
}

export const toBasisChange = (row: BasisChangeRow): BasisChange => ({
  kind: row.kind,
  from: row.fromKey,
  to: row.toKey,
  at: row.changedAt.toISOString(),
});

/** 'dd/mm/aaaa', the São Paulo day of an instant. */
export const changeDay = (at: Date) => saoPauloDay(at).split('-').reverse().join('/');

/**
 * The conversation the browser sent, without what was said before the question's last change: a
 * page opened before the change still holds those turns. Everything up to the last reply that was
 * kept before the change goes (the replies are matched by their text).
 */
export function withoutStaleTurns(history: ChatTurn[], staleReplies: string[]): ChatTurn[] {
  if (staleReplies.length === 0) return history;
  const stale = new Set(staleReplies);
  let last = -1;
  history.forEach((turn, index) => {
    if (turn.role === 'model' && stale.has(turn.text)) last = index;
  });
  return history.slice(last + 1);
}
