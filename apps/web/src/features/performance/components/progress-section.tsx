import type { ProgressGrouping, ProgressResponse } from '@gabarita/shared';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { QueryError } from '@/components/ui/query-error';
import { formatInteger } from '@/lib/formatters';
import { useProgress } from '../api/performance-api';
import { rateLabel, shortDay, weekLabel } from '../progress-text';
import { ChartCard } from '@/components/charts/chart-card';
import { ChartFallback, NumbersTable, TD, TH } from '@/components/charts/numbers-table';

// Recharts stays out of the page's first download (the same chunk as the other charts).
const AnswersPerDayChart = lazy(() =>
  import('./progress-charts').then((module) => ({ default: module.AnswersPerDayChart })),
);
const RatePerWeekChart = lazy(() =>
  import('./progress-charts').then((module) => ({ default: module.RatePerWeekChart })),
);

const GROUPINGS: readonly { id: ProgressGrouping; label: string }[] = [
  { id: 'disciplina', label: 'Por disciplina' },
  { id: 'banca', label: 'Por banca' },
];

function DaysTable({ progress }: { progress: ProgressResponse }) {
  const days = progress.days.filter((day) => day.answered > 0).reverse();
  return (
    <NumbersTable caption="Respostas por dia">
      <thead className="bg-surface-muted/60">
        <tr>
          <th scope="col" className={TH}>
            Dia
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Respostas
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Acertos
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Taxa de acerto
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {days.length === 0 ? (
          <tr>
            <td colSpan={4} className={`${TD} text-ink-muted`}>
              Nenhuma resposta nos últimos {progress.days.length} dias.
            </td>
          </tr>
        ) : (
          days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                {shortDay(day.day)}
              </th>
              <td className={`${TD} text-right`}>{formatInteger(day.answered)}</td>
              <td className={`${TD} text-right`}>{formatInteger(day.correct)}</td>
              <td className={`${TD} text-right`}>{rateLabel(day.successRate)}</td>
            </tr>
          ))
        )}
      </tbody>
    </NumbersTable>
  );
}

function WeeksTable({ progress }: { progress: ProgressResponse }) {
  const weeks = [...progress.weeks].reverse();
  return (
    <NumbersTable caption="Taxa de acerto por semana">
      <thead className="bg-surface-muted/60">
        <tr>
          <th scope="col" className={TH}>
            Semana
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Respostas
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Total
          </th>
          {progress.groups.map((group) => (
            <th key={group.key} scope="col" className={`${TH} text-right`}>
              {group.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {weeks.map((week) => (
          <tr key={week.weekStart}>
            <th scope="row" className={`${TD} whitespace-nowrap text-left font-medium`}>
              {weekLabel(week.weekStart)}
            </th>
            <td className={`${TD} text-right`}>{formatInteger(week.answered)}</td>
            <td className={`${TD} text-right font-semibold`}>{rateLabel(week.successRate)}</td>
            {progress.groups.map((group) => {
              const item = week.groups.find((entry) => entry.key === group.key);
              return (
                <td key={group.key} className={`${TD} text-right`}>
                  {rateLabel(item?.successRate ?? null)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </NumbersTable>
  );
}

/** Progress over time (Premium): answers per day and success rate per week, by discipline or board. */
export function ProgressSection() {
  const [by, setBy] = useState<ProgressGrouping>('disciplina');
  const progress = useProgress(by, true);
  const headingId = useId();

  let body: ReactNode;
  if (progress.isPending) {
    body = <ChartFallback />;
  } else if (progress.isError) {
    body = (
      <QueryError
        message="Não foi possível carregar sua evolução. Tente novamente."
        onRetry={() => void progress.refetch()}
        retrying={progress.isFetching}
      />
    );
  } else {
    const data = progress.data;
    body = (
      <div className="space-y-6">
        <ChartCard
          stacked
          title="Respostas por dia"
          description={`Questões respondidas nos últimos ${data.days.length} dias (horário de Brasília).`}
        >
          <Suspense fallback={<ChartFallback />}>
            <AnswersPerDayChart progress={data} />
          </Suspense>
          <DaysTable progress={data} />
        </ChartCard>
        <ChartCard
          stacked
          title="Taxa de acerto por semana"
          description={`Nas últimas ${data.weeks.length} semanas (segunda a domingo), no total e ${by === 'banca' ? 'por banca' : 'por disciplina'}.`}
        >
          <Suspense fallback={<ChartFallback />}>
            <RatePerWeekChart progress={data} />
          </Suspense>
          <WeeksTable progress={data} />
        </ChartCard>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            Evolução
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            Seu ritmo de estudo e seus acertos ao longo do tempo.
          </p>
        </div>
        <div
          role="group"
          aria-label="Agrupar"
          className="inline-flex rounded-lg border border-line bg-surface-muted p-1"
        >
          {GROUPINGS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              aria-pressed={by === id}
              onClick={() => setBy(id)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
                by === id ? 'bg-surface text-ink shadow-sm' : 'text-ink-muted hover:text-ink'
              }`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}
