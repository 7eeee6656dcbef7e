import { PERFORMANCE_MESSAGES } from '@gabarita/shared';
import { ChartPie, Crown, ListTree, Sparkles, Table2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

const FEATURES = [
  { icon: ChartPie, text: 'Quanto você estudou de cada disciplina' },
  { icon: ListTree, text: 'Acertos e erros por disciplina e por assunto' },
  { icon: Table2, text: 'Tabela completa com todos os números' },
] as const;

/** Bars of a sample chart, only for decoration. */
const PREVIEW_BARS = [86, 74, 61, 48, 35];

/** Free accounts: what the Premium statistics show, and the way to the plans. */
export function PremiumInvitation() {
  return (
    <section
      aria-labelledby="convite-premium"
      className="relative overflow-hidden rounded-2xl border border-accent-200 bg-surface shadow-sm shadow-slate-900/[0.03] dark:border-accent-900/70"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-br from-accent-soft via-transparent to-primary-soft opacity-90"
      />
      <div className="relative grid gap-6 p-5 sm:p-7 md:grid-cols-[minmax(0,1fr)_14rem] md:items-center">
        <div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
            <Crown className="size-3.5" aria-hidden="true" />
            Recurso Premium
          </span>
          <h2 id="convite-premium" className="mt-3 text-lg font-semibold text-ink sm:text-xl">
            Descubra onde você acerta mais e o que precisa revisar
          </h2>
          <p className="mt-2 max-w-prose text-sm leading-6 text-ink-muted">
            {PERFORMANCE_MESSAGES.premiumOnly}
          </p>
          <ul className="mt-4 space-y-2">
            {FEATURES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2.5 text-sm text-ink">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <Link to="/assinatura" className={buttonClasses({ className: 'mt-6' })}>
            <Sparkles className="size-4" aria-hidden="true" />
            Conhecer o Premium
          </Link>
        </div>
        <div
          aria-hidden="true"
          className="hidden rounded-xl border border-line bg-surface/80 p-4 shadow-sm md:block"
        >
          <div className="h-2 w-24 rounded bg-surface-muted" />
          <div className="mt-4 space-y-2.5">
            {PREVIEW_BARS.map((rate) => (
              <div key={rate} className="flex items-center gap-2">
                <div className="h-2 w-10 shrink-0 rounded bg-surface-muted" />
                <div className="flex h-3 flex-1 overflow-hidden rounded">
                  <div className="bg-chart-correct" style={{ width: `${rate}%` }} />
                  <div className="flex-1 bg-chart-wrong" />
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
