import { Crown } from 'lucide-react';

/** 'Premium' or 'Gratuita', the account type as the user reads it. */
export function PlanBadge({ premium }: { premium: boolean }) {
  if (premium) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
        <Crown className="size-3.5" aria-hidden="true" />
        Premium
      </span>
    );
  }
  return (
    <span className="inline-flex items-center rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-semibold text-ink-muted ring-1 ring-line">
      Gratuita
    </span>
  );
}
