import { REPORT_STATUS_LABELS, type ReportStatus } from '@gabarita/shared';
import { CircleCheck, CircleDot, CircleX, Hourglass, type LucideIcon } from 'lucide-react';

const LOOKS: Record<ReportStatus, { icon: LucideIcon; classes: string }> = {
  new: {
    icon: CircleDot,
    classes: 'bg-accent-soft text-accent-ink ring-accent-200 dark:ring-accent-900',
  },
  reviewing: {
    icon: Hourglass,
    classes:
      'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-200 dark:ring-sky-900',
  },
  fixed: {
    icon: CircleCheck,
    classes: 'bg-primary-soft text-primary-ink ring-brand-200 dark:ring-brand-900',
  },
  rejected: {
    icon: CircleX,
    classes: 'bg-surface-muted text-ink-muted ring-line',
  },
};

/** Where an error report stands ('Novo', 'Em análise', 'Corrigido', 'Recusado'), for staff and students. */
export function ReportStatusBadge({
  status,
  className = '',
}: {
  status: ReportStatus;
  className?: string;
}) {
  const { icon: Icon, classes } = LOOKS[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${classes} ${className}`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {REPORT_STATUS_LABELS[status]}
    </span>
  );
}
