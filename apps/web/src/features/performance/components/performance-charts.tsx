/*
 * The charts of the performance page. Recharts is big, so this module is loaded on demand
 * (React.lazy in the page) and only for Premium accounts with answers.
 *
 * Every chart is an image for assistive technology (role="img" with a summary as its name); the
 * numbers themselves are in the table view.
 */
import { countLabel, plural, type DisciplinePerformance, type Score } from '@gabarita/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartColor } from '@/lib/chart-palette';
import { formatInteger, formatPercent } from '@/lib/formatters';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  barsSummary,
  pieSlices,
  pieSummary,
  questionsLabel,
  scoreSentence,
  shareLabel,
} from '../performance-text';
import { ChartCard } from '@/components/charts/chart-card';

function useReducedMotion() {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/* ---------- Tooltips ---------- */

function TooltipBox({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-surface px-3 py-2 text-xs leading-5 text-ink shadow-lg shadow-slate-900/10 dark:shadow-black/40">
      {children}
    </div>
  );
}

/* ---------- Pie ---------- */

function AnsweredPie({ disciplines }: { disciplines: readonly DisciplinePerformance[] }) {
  const reducedMotion = useReducedMotion();
  const slices = pieSlices(disciplines).map((discipline, index) => ({
    name: discipline.name,
    code: discipline.code,
    answered: discipline.answered,
    fill: chartColor(index),
  }));
  const total = slices.reduce((sum, slice) => sum + slice.answered, 0);

  return (
    <ChartCard
      title="Questões respondidas por disciplina"
      description="Quanto do seu estudo foi para cada disciplina."
    >
      <div className="grid items-center gap-6 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
        <div
          role="img"
          aria-label={pieSummary(slices)}
          className="relative mx-auto aspect-square w-full max-w-64"
        >
          <ResponsiveContainer
            width="100%"
            height="100%"
            initialDimension={{ width: 256, height: 256 }}
          >
            <PieChart accessibilityLayer={false} margin={{ top: 0, right: 0, bottom: 0, left: 0 }}>
              <Pie
                data={slices}
                dataKey="answered"
                nameKey="name"
                innerRadius="58%"
                outerRadius="100%"
                paddingAngle={slices.length > 1 ? 1 : 0}
                stroke="var(--gb-surface)"
                strokeWidth={1}
                isAnimationActive={!reducedMotion}
                animationDuration={600}
              />
              <Tooltip
                content={({ active, payload }) => {
                  const slice = payload?.[0]?.payload as (typeof slices)[number] | undefined;
                  if (!active || !slice) return null;
                  return (
                    <TooltipBox>
                      <p className="font-semibold">{slice.name}</p>
                      <p className="mt-0.5">
                        {questionsLabel(slice.answered)} ({shareLabel(slice.answered, total)})
                      </p>
                    </TooltipBox>
                  );
                }}
              />
            </PieChart>
          </ResponsiveContainer>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center"
          >
            <span className="text-2xl font-semibold tabular-nums text-ink">
              {formatInteger(total)}
            </span>
            <span className="text-xs text-ink-muted">{plural(total, 'questão', 'questões')}</span>
          </div>
        </div>
        <ul
          aria-label="Legenda: questões respondidas por disciplina"
          className="grid gap-x-6 gap-y-1 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2"
        >
          {slices.map((slice) => (
            <li
              key={slice.code}
              className="flex min-w-0 items-center gap-2.5 rounded-md px-1.5 py-1 text-sm"
            >
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-[4px]"
                style={{ backgroundColor: slice.fill }}
              />
              <span className="min-w-0 flex-1 break-words text-ink">{slice.name}</span>
              <span className="shrink-0 tabular-nums text-ink-muted">
                <span className="font-medium text-ink">{formatInteger(slice.answered)}</span>
                <span className="sr-only">
                  {' '}
                  {plural(slice.answered, 'questão', 'questões')},
                </span>{' '}
                <span className="text-xs">({shareLabel(slice.answered, total)})</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}

/* ---------- Bars ---------- */

/**
 * Horizontal stacked bars (correct, then wrong), drawn as HTML so no label can ever be dropped:
 * a name always shows in full (wrapping), and the success rate always follows its bar, even when
 * one of the two parts is zero. Wide screens put the name beside the bar; narrow ones above it.
 * Bar lengths are relative to the row with most answers.
 */
function ScoreBars({
  rows,
  label,
}: {
  rows: readonly (Score & { name: string })[];
  label: string;
}) {
  const most = Math.max(1, ...rows.map((row) => row.answered));
  return (
    <div role="img" aria-label={label} className="w-full">
      <ul className="space-y-3 sm:space-y-2">
        {rows.map((row) => {
          const length = (row.answered / most) * 100;
          const correctShare = row.answered > 0 ? (row.correct / row.answered) * 100 : 0;
          const details = `${row.name}: ${scoreSentence(row)}`;
          return (
            <li
              key={row.name}
              title={details}
              className="grid grid-cols-[minmax(0,1fr)_3.25rem] items-center gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)_3.25rem]"
            >
              <span className="col-span-2 text-[13px] leading-5 break-words text-ink sm:col-span-1 sm:text-right">
                {row.name}
              </span>
              <span className="flex h-3.5 min-w-0 items-stretch">
                <span
                  className="flex min-w-1 overflow-hidden rounded"
                  style={{ width: `${length}%` }}
                >
                  <span className="bg-chart-correct" style={{ width: `${correctShare}%` }} />
                  <span className="flex-1 bg-chart-wrong" />
                </span>
              </span>
              <span className="text-right text-xs font-semibold tabular-nums text-ink">
                {formatPercent(row.successRate)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function BarsLegend() {
  return (
    <ul
      aria-label="Legenda das barras"
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted"
    >
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-[4px] bg-chart-correct" aria-hidden="true" />
        Acertos
      </li>
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-[4px] bg-chart-wrong" aria-hidden="true" />
        Erros
      </li>
      <li className="flex items-center gap-1.5">
        <span className="font-semibold text-ink">%</span>
        Taxa de acerto
      </li>
    </ul>
  );
}

function SubjectDisclosure({ discipline }: { discipline: DisciplinePerformance }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="border-b border-line last:border-b-0">
      <h5>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className="group flex w-full items-center gap-3 px-3 py-3 text-left transition-colors hover:bg-surface-muted sm:px-4"
        >
          <ChevronDown
            aria-hidden="true"
            className={`size-4 shrink-0 text-ink-muted transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium break-words text-ink">
              {discipline.name}
            </span>
            <span className="block text-xs text-ink-muted">
              {questionsLabel(discipline.answered)} ·{' '}
              {countLabel(discipline.subjects.length, 'assunto', 'assuntos')}
            </span>
          </span>
          <span className="shrink-0 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold tabular-nums text-ink">
            {formatPercent(discipline.successRate)}
          </span>
        </button>
      </h5>
      <div id={panelId} hidden={!open} className="px-3 pb-4 sm:px-4">
        {open &&
          (discipline.subjects.length > 0 ? (
            <ScoreBars
              rows={discipline.subjects}
              label={barsSummary(`por assunto em ${discipline.name}`, discipline.subjects)}
            />
          ) : (
            <p className="text-sm text-ink-muted">Nenhum assunto registrado nesta disciplina.</p>
          ))}
      </div>
    </li>
  );
}

function DisciplineBars({ disciplines }: { disciplines: readonly DisciplinePerformance[] }) {
  return (
    <ChartCard
      title="Acertos e erros por disciplina"
      description="Da maior para a menor taxa de acerto."
    >
      <div className="px-2 sm:px-0">
        <BarsLegend />
      </div>
      <div className="mt-4">
        <ScoreBars rows={disciplines} label={barsSummary('por disciplina', disciplines)} />
      </div>
      <div className="mt-6 px-2 sm:px-0">
        <h4 className="text-sm font-semibold text-ink">Detalhar por assunto</h4>
        <p className="mt-0.5 text-sm text-ink-muted">
          Abra uma disciplina para ver o desempenho em cada assunto.
        </p>
      </div>
      <ul className="mt-3 overflow-hidden rounded-xl border border-line">
        {disciplines.map((discipline) => (
          <SubjectDisclosure key={discipline.code} discipline={discipline} />
        ))}
      </ul>
    </ChartCard>
  );
}

/** The Premium charts: the pie of answered questions and the bars by discipline and subject. */
export function PerformanceCharts({
  disciplines,
}: {
  disciplines: readonly DisciplinePerformance[];
}) {
  return (
    <div className="space-y-6">
      <AnsweredPie disciplines={disciplines} />
      <DisciplineBars disciplines={disciplines} />
    </div>
  );
}
