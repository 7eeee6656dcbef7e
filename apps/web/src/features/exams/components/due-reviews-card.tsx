import { countLabel, PATHS } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { reviewCountQueryOptions } from '@/domain/study/study-queries';

/**
 * 'Revisões de hoje' on the home page: Premium accounts with questions of the mistakes notebook
 * due today (docs/product-rules.md, "Mistakes notebook").
 */
export function DueReviewsCard({ premium }: { premium: boolean }) {
  const count = useQuery({ ...reviewCountQueryOptions, enabled: premium });
  const due = count.data?.dueToday ?? 0;
  if (!premium || due === 0) return null;
  return (
    <Link
      to={PATHS.mistakes.path}
      className="group mb-5 flex items-center gap-4 rounded-2xl border border-primary/30 bg-primary-soft p-4 shadow-sm shadow-slate-900/[0.03] transition hover:border-primary/60 motion-reduce:transition-none"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface text-primary-ink">
        <RotateCcw className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-primary-ink">Revisões de hoje</span>
        <span className="block text-sm text-ink">
          {countLabel(due, 'questão', 'questões')} do seu caderno de erros para refazer hoje
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-primary-ink" aria-hidden="true" />
    </Link>
  );
}
