import type { Score } from '@gabarita/shared';
import { CircleCheck, CircleX, ListChecks, Target, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cardClasses } from '@/components/ui/card';
import { formatInteger, formatPercent } from '@/lib/formatters';

function SummaryCard({
  label,
  value,
  icon: Icon,
  iconTone,
  children,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  iconTone: string;
  children?: ReactNode;
}) {
  return (
    <li className={cardClasses({ padding: 'sm', className: 'flex min-w-0 flex-col' })}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium uppercase leading-5 tracking-wide text-ink-muted">
          {label}
        </p>
        <span
          className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${iconTone}`}
          aria-hidden="true"
        >
          <Icon className="size-4" />
        </span>
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums tracking-tight text-ink sm:text-3xl">
        {value}
      </p>
      {children}
    </li>
  );
}

/** Questions answered, correct, wrong and the success rate. */
export function SummaryCards({ totals }: { totals: Score }) {
  const rate = Math.min(100, Math.max(0, totals.successRate));
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <SummaryCard
        label="Questões respondidas"
        value={formatInteger(totals.answered)}
        icon={ListChecks}
        iconTone="bg-primary-soft text-primary-ink"
      />
      <SummaryCard
        label="Acertos"
        value={formatInteger(totals.correct)}
        icon={CircleCheck}
        iconTone="bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300"
      />
      <SummaryCard
        label="Erros"
        value={formatInteger(totals.wrong)}
        icon={CircleX}
        iconTone="bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300"
      />
      <SummaryCard
        label="Taxa de acerto"
        value={formatPercent(totals.successRate)}
        icon={Target}
        iconTone="bg-accent-soft text-accent-ink"
      >
        <div
          aria-hidden="true"
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-chart-wrong/25"
        >
          <div className="h-full rounded-full bg-chart-correct" style={{ width: `${rate}%` }} />
        </div>
      </SummaryCard>
    </ul>
  );
}
