import type { BasisChange, ChatHistoryResponse, ChatTurn } from '@gabarita/shared';

/** A kept conversation's turns, with the question's changes marked where they happened. */
export type ConversationEntry =
  { kind: 'turn'; turn: ChatTurn } | { kind: 'changes'; changes: BasisChange[] };

export const NOTHING_KEPT: ChatHistoryResponse = { turns: [], changes: [], freeReply: false };

const time = (iso: string) => Date.parse(iso);

/**
 * The kept turns in order, each change of the question placed after the last turn written before
 * it; changes with no turn between them share one mark (docs/product-rules.md, "The tutor after a
 * change of key or comment").
 */
export function withChangeMarks(kept: ChatHistoryResponse): ConversationEntry[] {
  const first = kept.turns[0];
  if (!first) return [];
  const pending = kept.changes
    .filter((change) => time(change.at) > time(first.at))
    .sort((a, b) => time(a.at) - time(b.at));
  const entries: ConversationEntry[] = [];
  const markUntil = (until: number) => {
    const due: BasisChange[] = [];
    while (pending[0] && time(pending[0].at) < until) due.push(pending.shift()!);
    if (due.length > 0) entries.push({ kind: 'changes', changes: due });
  };
  for (const { role, text, at } of kept.turns) {
    markUntil(time(at));
    entries.push({ kind: 'turn', turn: { role, text } });
  }
  markUntil(Infinity);
  return entries;
}

/** The kept turns that still count as the conversation: those after the question's last change. */
export function turnsSinceLastChange(kept: ChatHistoryResponse): ChatTurn[] {
  const entries = withChangeMarks(kept);
  const lastMark = entries.findLastIndex((entry) => entry.kind === 'changes');
  return entries
    .slice(lastMark + 1)
    .flatMap((entry) => (entry.kind === 'turn' ? [entry.turn] : []));
}
