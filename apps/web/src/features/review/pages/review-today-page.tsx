import { REVIEW_MESSAGES, plural } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { Clock, RotateCcw } from 'lucide-react';
import { Card, cardClasses } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { StatePanel } from '@/components/ui/state-panel';
import { PlanBadge } from '@/domain/plans/plan-badge';
import { useSession } from '@/domain/session/session';
import { errorMessage } from '@/lib/api-client';
import { ReviewInvitation } from '../components/review-invitation';
import { reviewTodayQueryOptions } from '@/domain/review/review-api';
import { MyFlashcards } from '../components/my-flashcards';
import { ReviewSession } from '../components/review-session';

function Today() {
  const queue = useQuery(reviewTodayQueryOptions);
  if (queue.isPending) {
    return (
      <div role="status" className={cardClasses({ className: 'h-40 animate-pulse' })}>
        <span className="sr-only">Carregando a revisão de hoje...</span>
      </div>
    );
  }
  if (queue.isError) {
    return (
      <QueryError
        message={errorMessage(queue.error, REVIEW_MESSAGES.queueLoadFailed)}
        onRetry={() => void queue.refetch()}
        retrying={queue.isFetching}
      />
    );
  }
  const data = queue.data;
  return (
    <>
      <div className="mb-5 grid grid-cols-2 gap-3 sm:gap-4">
        <Card padding="sm" className="flex items-center gap-3 sm:gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
            <RotateCcw className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-2xl font-semibold tabular-nums text-ink">{data.dueCount}</p>
            <p className="text-sm text-ink-muted">
              {plural(data.dueCount, 'Item para hoje', 'Itens para hoje')}
            </p>
          </div>
        </Card>
        <Card padding="sm" className="flex items-center gap-3 sm:gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
            <Clock className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-2xl font-semibold tabular-nums text-ink">
              {data.estimatedMinutes} min
            </p>
            <p className="text-sm text-ink-muted">estimados</p>
          </div>
        </Card>
      </div>
      {data.items.length === 0 ? (
        <StatePanel icon={RotateCcw}>{REVIEW_MESSAGES.queueEmpty}</StatePanel>
      ) : (
        <ReviewSession items={data.items} />
      )}
      <MyFlashcards />
    </>
  );
}

/**
 * 'Revisão de hoje': the notebook's questions and the student's cards due today, in one FSRS queue
 * (docs/product-rules.md, "Review"). Premium, as the notebook; free accounts see what it is.
 */
export default function ReviewTodayPage() {
  const session = useSession();
  const accountType = session.data?.user?.accountType;
  return (
    <Page
      title={REVIEW_MESSAGES.todayTitle}
      description="As questões do seu caderno de erros e os seus cartões que vencem hoje. Responda, diga como foi lembrar, e o próximo dia de cada um é calculado para você lembrar na hora da prova."
      badge={accountType && <PlanBadge premium={accountType === 'premium'} />}
    >
      {accountType === 'premium' ? <Today /> : accountType ? <ReviewInvitation /> : null}
    </Page>
  );
}
