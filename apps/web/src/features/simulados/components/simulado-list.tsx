import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatDuration } from '@/lib/formatters';
import { questionCountLabel } from '@/domain/catalog/catalog-text';
import { simuladoPath } from '@/domain/study/study-links';
import { useSimulados } from '../api/simulado-api';
import { SCORING_SHORT, scoreLabel } from '../simulado-text';

/** 'Meus simulados': in progress ones to continue, finished ones with their score. */
export function SimuladoList() {
  const list = useSimulados();
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card as="section" padding="none" aria-labelledby="meus-simulados">
      <h2
        id="meus-simulados"
        className="border-b border-line px-5 py-4 text-base font-semibold text-ink sm:px-6"
      >
        Meus simulados
      </h2>
      <ul className="divide-y divide-line">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={simuladoPath(item.id)}
              className="flex items-center gap-3 px-5 py-3.5 hover:bg-surface-muted sm:px-6"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium break-words text-ink">{item.title}</span>
                <span className="block text-xs text-ink-muted">
                  {formatDateTime(item.startedAt)} · {questionCountLabel(item.questionCount)} ·{' '}
                  {SCORING_SHORT[item.scoring]}
                  {item.result && ` · ${formatDuration(item.result.timeUsedSeconds)}`}
                </span>
              </span>
              <span className="shrink-0 text-right text-sm font-semibold text-ink">
                {item.result ? (
                  scoreLabel(item.result.score, item.result.maxScore)
                ) : (
                  <span className="text-primary-ink">Continuar</span>
                )}
              </span>
              <ChevronRight className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
