import { REVIEW_INTERVALS_DAYS, STUDY_TOOLS_MESSAGES } from '@gabarita/shared';
import { CalendarClock, Crown, NotebookPen, RotateCcw, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

const FEATURES = [
  { icon: NotebookPen, text: 'Toda questão que você errar entra no caderno, sozinha' },
  { icon: RotateCcw, text: 'Refaça cada questão do zero, sem ver a resposta anterior' },
  {
    icon: CalendarClock,
    text: `Acertou? Ela volta depois de ${REVIEW_INTERVALS_DAYS.join(', ').replace(/, (\d+)$/, ' e $1')} dias`,
  },
] as const;

/** Free accounts: what the mistakes notebook does, and the way to the plans. */
export function ReviewInvitation() {
  return (
    <section
      aria-labelledby="convite-caderno"
      className="relative overflow-hidden rounded-2xl border border-accent-200 bg-surface shadow-sm shadow-slate-900/[0.03] dark:border-accent-900/70"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-br from-accent-soft via-transparent to-primary-soft opacity-90"
      />
      <div className="relative p-5 sm:p-7">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
          <Crown className="size-3.5" aria-hidden="true" />
          Recurso Premium
        </span>
        <h2 id="convite-caderno" className="mt-3 text-lg font-semibold text-ink sm:text-xl">
          Transforme seus erros em acertos na prova
        </h2>
        <p className="mt-2 max-w-prose text-sm leading-6 text-ink-muted">
          {STUDY_TOOLS_MESSAGES.reviewPremiumOnly}
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
    </section>
  );
}
