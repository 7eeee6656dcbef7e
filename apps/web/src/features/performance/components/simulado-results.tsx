import { PATHS } from '@gabarita/shared';
import { ChevronRight, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatDateTime, formatDuration, formatInteger } from '@/lib/formatters';
import { simuladoPath } from '@/domain/study/study-links';
import { useSimuladoResults } from '../api/performance-api';
import { hitsLabel, missesLabel } from '../performance-text';

/** The user's finished simulados, newest first, each leading to its result. */
export function SimuladoResults() {
  const list = useSimuladoResults();
  const finished = (list.data?.items ?? []).filter((item) => item.result);
  if (finished.length === 0) return null;
  return (
    <Card as="section" padding="none" aria-labelledby="resultados-simulados">
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <h2
          id="resultados-simulados"
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <Timer className="size-5 text-primary-ink" aria-hidden="true" />
          Simulados
        </h2>
        <Link
          to={PATHS.simulados.path}
          className="text-sm font-medium text-primary-ink hover:underline"
        >
          Novo simulado
        </Link>
      </div>
      <ul className="divide-y divide-line">
        {finished.map((item) => {
          const result = item.result!;
          return (
            <li key={item.id}>
              <Link
                to={simuladoPath(item.id)}
                className="flex items-center gap-3 px-5 py-3.5 hover:bg-surface-muted sm:px-6"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium break-words text-ink">
                    {item.title}
                  </span>
                  <span className="block text-xs text-ink-muted">
                    {formatDateTime(item.startedAt)} · {hitsLabel(result.correct)},{' '}
                    {missesLabel(result.wrong)}, {result.blank} em branco ·{' '}
                    {formatDuration(result.timeUsedSeconds)}
                    {item.scoring === 'cebraspe' && ' · regra Cebraspe'}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums text-ink">
                  {formatInteger(result.score)}/{formatInteger(result.maxScore)}
                  <span className="sr-only"> pontos</span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
