import { CATALOG_MESSAGES } from '@gabarita/shared';
import { CloudOff, SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { Notice } from '../../../components/ui/notice';
import { PlanBadge } from '../../../components/ui/plan-badge';
import { Spinner } from '../../../components/ui/spinner';
import { StatePanel } from '../../../components/ui/state-panel';
import { useSession } from '../../../lib/session';
import { useExamSearch } from '../api/exam-search-api';
import { ExamCard } from '../components/exam-card';
import { ExamFiltersPanel } from '../components/exam-filters-panel';
import { useExamFilters } from '../hooks/use-exam-filters';

function LoadingCards() {
  return (
    <div role="status">
      <span className="sr-only">Carregando provas...</span>
      <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <li
            key={index}
            className="animate-pulse rounded-2xl border border-line bg-surface p-5 motion-reduce:animate-none"
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
      <StatePanel
        icon={CloudOff}
        tone="error"
        action={
          <Button onClick={() => void search.refetch()} disabled={search.isFetching}>
            {search.isFetching && <Spinner className="size-4" inheritColor />}
            Tentar novamente
          </Button>
        }
      >
        {CATALOG_MESSAGES.examLoadFailed}
      </StatePanel>
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
    <section aria-labelledby="page-title">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1
              id="page-title"
              className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl"
            >
              Questões de concurso
            </h1>
            {accountType && <PlanBadge premium={accountType === 'premium'} />}
          </div>
          <p className="mt-2 text-sm leading-6 text-ink-muted">
            Filtre provas anteriores e resolva as questões de cada uma.
          </p>
        </div>
      </div>

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
    </section>
  );
}
