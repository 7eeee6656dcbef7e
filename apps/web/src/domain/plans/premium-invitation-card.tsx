import { PATHS } from '@gabarita/shared';
import { Crown, type LucideIcon, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

interface PremiumInvitationCardProps {
  /** The heading's id, for the section's accessible name. */
  id: string;
  title: string;
  message: string;
  features: readonly { icon: LucideIcon; text: string }[];
  /** A decoration beside the text on wide screens. */
  aside?: ReactNode;
}

/** What a Premium feature does, for free accounts, and the way to the plans. */
export function PremiumInvitationCard({
  id,
  title,
  message,
  features,
  aside,
}: PremiumInvitationCardProps) {
  return (
    <section
      aria-labelledby={id}
      className="relative overflow-hidden rounded-2xl border border-accent-200 bg-surface shadow-sm shadow-slate-900/[0.03] dark:border-accent-900/70"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-gradient-to-br from-accent-soft via-transparent to-primary-soft opacity-90"
      />
      <div
        className={`relative grid gap-6 p-5 sm:p-7 ${aside ? 'md:grid-cols-[minmax(0,1fr)_14rem] md:items-center' : ''}`}
      >
        <div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
            <Crown className="size-3.5" aria-hidden="true" />
            Recurso Premium
          </span>
          <h2 id={id} className="mt-3 text-lg font-semibold text-ink sm:text-xl">
            {title}
          </h2>
          <p className="mt-2 max-w-prose text-sm leading-6 text-ink-muted">{message}</p>
          <ul className="mt-4 space-y-2">
            {features.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2.5 text-sm text-ink">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <Link to={PATHS.plans.path} className={buttonClasses({ className: 'mt-6' })}>
            <Sparkles className="size-4" aria-hidden="true" />
            Conhecer o Premium
          </Link>
        </div>
        {aside}
      </div>
    </section>
  );
}
