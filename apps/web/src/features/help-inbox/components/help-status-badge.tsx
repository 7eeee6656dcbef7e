import { HELP_REQUEST_STATUS_LABELS, type HelpRequestStatus } from '@gabarita/shared';
import { CircleCheck, CircleDot, MailCheck, type LucideIcon } from 'lucide-react';

const LOOKS: Record<HelpRequestStatus, { icon: LucideIcon; classes: string }> = {
  new: {
    icon: CircleDot,
    classes: 'bg-accent-soft text-accent-ink ring-accent-200 dark:ring-accent-900',
  },
  answered: {
    icon: MailCheck,
    classes: 'bg-primary-soft text-primary-ink ring-brand-200 dark:ring-brand-900',
  },
  closed: {
    icon: CircleCheck,
    classes: 'bg-surface-muted text-ink-muted ring-line',
  },
};

/** Where a help message stands: 'Novo', 'Respondido', 'Encerrado'. */
export function HelpStatusBadge({ status }: { status: HelpRequestStatus }) {
  const { icon: Icon, classes } = LOOKS[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${classes}`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {HELP_REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
