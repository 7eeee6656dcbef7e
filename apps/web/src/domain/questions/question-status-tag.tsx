import type { QuestionStatus } from '@gabarita/shared';

const TAGS: Record<Exclude<QuestionStatus, 'regular'>, { label: string; classes: string }> = {
  annulled: {
    label: 'Anulada',
    classes:
      'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-900',
  },
  outdated: {
    label: 'Desatualizada',
    classes:
      'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-800',
  },
};

/** 'Anulada' or 'Desatualizada' on question cards and headers; nothing for a regular question. */
export function QuestionStatusTag({
  status,
  className = '',
}: {
  status: QuestionStatus;
  className?: string;
}) {
  if (status === 'regular') return null;
  const tag = TAGS[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tag.classes} ${className}`}
    >
      {tag.label}
    </span>
  );
}
