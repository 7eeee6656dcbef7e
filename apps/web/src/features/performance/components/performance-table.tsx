import type { DisciplinePerformance, Score } from '@gabarita/shared';
import { cardClasses } from '@/components/ui/card';
import { formatInteger, formatPercent } from '@/lib/formatters';

const NUMBER_CELL = 'px-1.5 py-2.5 text-right tabular-nums sm:px-4';

function ScoreCells({ score, strong = false }: { score: Score; strong?: boolean }) {
  const weight = strong ? 'font-semibold text-ink' : 'text-ink';
  return (
    <>
      <td className={`${NUMBER_CELL} ${weight}`}>{formatInteger(score.answered)}</td>
      <td className={`${NUMBER_CELL} text-emerald-700 dark:text-emerald-400`}>
        {formatInteger(score.correct)}
      </td>
      <td className={`${NUMBER_CELL} text-red-700 dark:text-red-400`}>
        {formatInteger(score.wrong)}
      </td>
      <td className={`${NUMBER_CELL} ${weight}`}>{formatPercent(score.successRate)}</td>
    </>
  );
}

const COLUMNS = [
  { label: 'Respondidas', short: 'Resp.' },
  { label: 'Acertos', short: 'Acertos' },
  { label: 'Erros', short: 'Erros' },
  { label: 'Taxa de acerto', short: 'Taxa' },
] as const;

/** The numbers behind the charts: one row group per discipline, its subjects below it. */
export function PerformanceTable({
  disciplines,
  totals,
}: {
  disciplines: readonly DisciplinePerformance[];
  totals: Score;
}) {
  return (
    <div
      role="region"
      aria-label="Tabela de desempenho"
      tabIndex={0}
      className={cardClasses({ padding: 'none', className: 'overflow-x-auto' })}
    >
      <table className="w-full min-w-[19rem] border-collapse text-[13px] sm:text-sm">
        <caption className="px-4 pb-2 pt-4 text-left text-sm text-ink-muted sm:px-5">
          <span className="block text-base font-semibold text-ink">
            Desempenho por disciplina e assunto
          </span>
          Da maior para a menor taxa de acerto; os assuntos aparecem abaixo de cada disciplina.
        </caption>
        <thead>
          <tr className="border-y border-line bg-surface-muted text-xs uppercase text-ink-muted sm:tracking-wide">
            <th scope="col" className="px-3 py-2.5 text-left font-medium sm:px-4">
              Disciplina / assunto
            </th>
            {COLUMNS.map(({ label, short }) => (
              <th
                key={label}
                scope="col"
                className="relative px-1.5 py-2.5 text-right font-medium sm:px-4"
              >
                {/* Narrow screens show the short label; the full one is always read. */}
                <span aria-hidden="true" className="sm:hidden">
                  {short}
                </span>
                <span className="max-sm:sr-only">{label}</span>
              </th>
            ))}
          </tr>
        </thead>
        {disciplines.map((discipline) => (
          <tbody key={discipline.code} className="border-b border-line last:border-b-0">
            <tr className="bg-surface">
              <th
                scope="rowgroup"
                className="hyphens-auto wrap-anywhere px-3 py-2.5 text-left font-semibold text-ink sm:px-4"
              >
                {discipline.name}
              </th>
              <ScoreCells score={discipline} strong />
            </tr>
            {discipline.subjects.map((subject) => (
              <tr key={subject.name} className="text-ink-muted">
                <th
                  scope="row"
                  className="hyphens-auto wrap-anywhere py-2 pl-5 pr-1.5 text-left font-normal text-ink sm:pl-9 sm:pr-4"
                >
                  {subject.name}
                </th>
                <ScoreCells score={subject} />
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          <tr className="border-t-2 border-line bg-surface-muted">
            <th scope="row" className="px-3 py-3 text-left font-semibold text-ink sm:px-4">
              Total
            </th>
            <ScoreCells score={totals} strong />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
