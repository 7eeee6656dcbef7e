import { CATALOG_MESSAGES } from '@gabarita/shared';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { examListTitle } from '@/domain/catalog/catalog-text';
import { PlanBadge } from '@/domain/plans/plan-badge';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { useSession } from '@/domain/session/session';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { useExamSearch } from '../api/exam-search-api';
import { ExamCard } from '../components/exam-card';
import { ExamFiltersPanel } from '../components/exam-filters-panel';
import { useExamFilters } from '../hooks/use-exam-filters';

// Above the list for Premium accounts with reviews due; its count is asked for after the list.
const DueReviewsCard = afterFirstScreen(
  async () => (await import('../components/due-reviews-card')).DueReviewsCard,
);

function LoadingCards() {
  return (
    <div role="status">
      <span className="sr-only">Carregando provas...</span>
      <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <li
            key={index}
            className={cardClasses({ className: 'animate-pulse motion-reduce:animate-none' })}
          >
            <div className="h-5 w-3/4 rounded bg-surface-muted" />
            <div className="mt-2 h-4 w-1/2 rounded bg-surface-muted" />
            <div className="mt-5 grid grid-cols-3 gap-3">
              <div className="h-9 rounded bg-surface-muted" />
              <div className="h-9 rounded bg-surface-muted" />
              <div className="h-9 rounded bg-surface-muted" />
            </div>
            <div className="mt-5 h-4 w-1/3 rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ExamListPage() {
  const session = useSession();
  const accountType = session.data?.user?.accountType;
  const { filters, setFilter, clearFilters, hasFilters } = useExamFilters();
  const search = useExamSearch(filters);

  const pages = search.data?.pages ?? [];
  const firstPage = pages[0];
  const exams = pages.flatMap((page) => page.items);
  const disciplinaNome =
    firstPage?.facets.disciplina?.find((option) => option.value === filters.disciplina)?.label ??
    filters.disciplina;
  // A failed first page of a new search, not a failed "next page".
  const failed = search.isError && !search.isFetchNextPageError;

  let results;
  if (search.isPending) {
    results = <LoadingCards />;
  } else if (failed) {
    results = (
      <QueryError
        message={CATALOG_MESSAGES.examLoadFailed}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  } else if (exams.length === 0) {
    results = (
      <StatePanel
        icon={SearchX}
        title="Nenhuma prova encontrada"
        action={
          hasFilters && (
            <Button variant="secondary" onClick={clearFilters}>
              {CATALOG_MESSAGES.clearFilters}
            </Button>
          )
        }
      >
        {hasFilters
          ? 'Nenhuma prova atende a todos os filtros escolhidos. Tente remover algum deles.'
          : 'Ainda não há provas disponíveis.'}
      </StatePanel>
    );
  } else {
    results = (
      <>
        <ul
          aria-label="Provas"
          className={`grid gap-4 transition-opacity md:grid-cols-2 ${search.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {exams.map((exam) => (
            <li key={exam.id}>
              <ExamCard
                exam={exam}
                disciplina={filters.disciplina}
                disciplinaNome={disciplinaNome}
                assunto={filters.assunto}
              />
            </li>
          ))}
        </ul>
        {search.isFetchNextPageError && (
          <Notice tone="error" className="mt-6">
            {CATALOG_MESSAGES.examLoadFailed}
          </Notice>
        )}
        <LoadMore
          hasNextPage={search.hasNextPage}
          isFetchingNextPage={search.isFetchingNextPage}
          onLoadMore={() => void search.fetchNextPage()}
          paused={search.isFetchNextPageError || search.isPlaceholderData}
        />
      </>
    );
  }

  return (
    <Page
      title={examListTitle(filters.tipo)}
      description="Filtre provas anteriores e resolva as questões de cada uma."
      badge={accountType && <PlanBadge premium={accountType === 'premium'} />}
    >
      <DueReviewsCard premium={accountType === 'premium'} />
      <ExamFiltersPanel
        filters={filters}
        facets={firstPage?.facets}
        onChange={setFilter}
        onClear={clearFilters}
        hasFilters={hasFilters}
      />

      <div className="mb-4 mt-8 flex min-h-6 items-center gap-2">
        {firstPage && !failed && (
          <p role="status" className="text-sm font-medium text-ink">
            {CATALOG_MESSAGES.examsFound(firstPage.total)}
          </p>
        )}
        {search.isFetching && !search.isPending && !search.isFetchingNextPage && (
          <Spinner className="size-4" />
        )}
      </div>

      {results}
    </Page>
  );
}
