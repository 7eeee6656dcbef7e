import { CROWD_STATS_MIN_USERS } from '@gabarita/shared';
import { Users } from 'lucide-react';
import { useQuestionStats } from '../api/question-api';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';

/**
 * After a check: the share of users who chose each alternative on their first answer
 * (docs/product-rules.md, "Crowd answer stats"), as text first; the bars only repeat it.
 */
export function CrowdStats({
  questionId,
  answer,
}: {
  questionId: string;
  answer: CheckedAnswer | null;
}) {
  const stats = useQuestionStats(questionId, answer !== null);
  if (!answer || !stats.data) return null;
  if (!stats.data.available) {
    return (
      <p className="mt-3 flex items-center gap-2 text-xs text-ink-muted">
        <Users className="size-4 shrink-0" aria-hidden="true" />
        As estatísticas de respostas aparecem quando ao menos {CROWD_STATS_MIN_USERS} usuários
        tiverem respondido esta questão.
      </p>
    );
  }
  const { correctPercent, alternatives } = stats.data;
  return (
    <section aria-label="Como os usuários responderam" className="mt-3">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink">
        <Users className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
        <strong className="font-semibold">{correctPercent}% acertaram</strong>
        {alternatives.map((alternative) => (
          <span key={alternative.letter} className="text-ink-muted">
            <span aria-hidden="true">· </span>
            {alternative.letter} {alternative.percent}%
          </span>
        ))}
      </p>
      <div
        aria-hidden="true"
        className="mt-2 flex h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        {alternatives.map((alternative) => (
          <div
            key={alternative.letter}
            title={`${alternative.letter} ${alternative.percent}%`}
            className={
              alternative.letter === answer.gabarito
                ? 'bg-chart-correct'
                : 'border-r border-surface bg-chart-wrong/60 last:border-r-0'
            }
            style={{ width: `${alternative.percent}%` }}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-ink-muted">Primeira resposta de cada usuário.</p>
    </section>
  );
}
