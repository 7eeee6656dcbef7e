import { countLabel, PATHS } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { reviewCountQueryOptions } from '@/domain/review/review-count';

/**
 * 'Revisões de hoje' on the home page: Premium accounts with questions or flashcards due in the
 * day's review queue, and how long it takes (docs/product-rules.md, "Review").
 */
export function DueReviewsCard({ premium }: { premium: boolean }) {
  const count = useQuery({ ...reviewCountQueryOptions, enabled: premium });
  const due = count.data?.dueCount ?? 0;
  if (!premium || due === 0) return null;
  const minutes = count.data?.estimatedMinutes ?? 0;
  return (
    <Link
      to={PATHS.reviewToday.path}
      className="group mb-5 flex items-center gap-4 rounded-2xl border border-primary/30 bg-primary-soft p-4 shadow-sm shadow-slate-900/[0.03] transition hover:border-primary/60 motion-reduce:transition-none"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface text-primary-ink">
        <RotateCcw className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-primary-ink">Revisões de hoje</span>
        <span className="block text-sm text-ink">
          {countLabel(due, 'item para revisar', 'itens para revisar')}, cerca de{' '}
          {countLabel(minutes, 'minuto', 'minutos')}
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-primary-ink" aria-hidden="true" />
    </Link>
  );
}
