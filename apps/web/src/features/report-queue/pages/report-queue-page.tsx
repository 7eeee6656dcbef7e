import { Inbox, MousePointerClick } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { errorMessage } from '@/lib/api-client';
import { useMediaQuery } from '@/lib/use-media-query';
import { useReportQueue } from '../api/report-queue-api';
import { QueueFiltersPanel } from '../components/queue-filters-panel';
import { ReportDetailPanel } from '../components/report-detail-panel';
import { reportItemId, ReportList } from '../components/report-list';
import {
  EMPTY_QUEUE_FILTERS,
  EMPTY_QUEUE_TEXT,
  hasQueueFilters,
  queueSearchParams,
  readQueueFilters,
  SELECTED_REPORT_PARAM,
  type QueueFilters,
} from '../queue-filters';

const QUEUE_LOAD_FAILED = 'Não foi possível carregar os reportes. Tente novamente.';

/** From this width the report opens beside the list; below it, in the list's place. */
const SIDE_BY_SIDE_QUERY = '(min-width: 1200px)';

function LoadingList() {
  return (
    <div role="status">
      <span className="sr-only">Carregando reportes...</span>
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1, 2].map((index) => (
          <li
            key={index}
            className={cardClasses({
              padding: 'sm',
              className: 'animate-pulse motion-reduce:animate-none',
            })}
          >
            <div className="h-4 w-2/3 rounded bg-surface-muted" />
            <div className="mt-3 h-4 w-full rounded bg-surface-muted" />
            <div className="mt-2 h-3 w-1/3 rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Queue({
  filters,
  selectedId,
  hrefOf,
  onSelect,
  onClear,
  queue,
}: {
  filters: QueueFilters;
  selectedId: string;
  hrefOf: (reportId: string) => string;
  onSelect: (reportId: string) => void;
  onClear: () => void;
  queue: ReturnType<typeof useReportQueue>;
}) {
  if (queue.isPending) return <LoadingList />;
  if (queue.isError && !queue.isFetchNextPageError) {
    return (
      <QueryError
        message={errorMessage(queue.error, QUEUE_LOAD_FAILED)}
        onRetry={() => void queue.refetch()}
        retrying={queue.isFetching}
      />
    );
  }
  const items = queue.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const otherFilters = hasQueueFilters({ ...filters, situacao: EMPTY_QUEUE_FILTERS.situacao });
    return (
      <StatePanel
        icon={Inbox}
        action={
          otherFilters && (
            <Button variant="secondary" onClick={onClear}>
              Limpar filtros
            </Button>
          )
        }
      >
        {EMPTY_QUEUE_TEXT[filters.situacao]}
        {otherFilters && ' Com outros filtros pode haver mais.'}
      </StatePanel>
    );
  }
  return (
    <div className={`transition-opacity ${queue.isPlaceholderData ? 'opacity-60' : ''}`}>
      <ReportList
        items={items}
        selectedId={selectedId}
        hrefOf={hrefOf}
        onSelect={onSelect}
        label="Reportes"
      />
      {queue.isFetchNextPageError && (
        <Notice tone="error" className="mt-4">
          {QUEUE_LOAD_FAILED}
        </Notice>
      )}
      <LoadMore
        hasNextPage={queue.hasNextPage}
        isFetchingNextPage={queue.isFetchingNextPage}
        onLoadMore={() => void queue.fetchNextPage()}
        paused={queue.isFetchNextPageError || queue.isPlaceholderData}
      />
    </div>
  );
}

/**
 * 'Reportes de erro': the queue of what students reported (docs/product-rules.md, "Error reports").
 * Filters and the open report live in the address. Wide screens read a report beside the list;
 * narrow ones in its place.
 */
export default function ReportQueuePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readQueueFilters(searchParams);
  const selectedId = searchParams.get(SELECTED_REPORT_PARAM) ?? '';
  const sideBySide = useMediaQuery(SIDE_BY_SIDE_QUERY);
  const queue = useReportQueue(filters);
  // Set when the editor picks a report (not on a reload), so the focus follows the choice.
  const [chosen, setChosen] = useState(false);
  // The report just closed with 'Voltar à lista', whose entry gets the focus back.
  const returnTo = useRef<string | null>(null);

  const hrefOf = (reportId: string) => `?${queueSearchParams(filters, reportId).toString()}`;
  const updateFilters = (next: QueueFilters) =>
    setSearchParams(queueSearchParams(next, selectedId), { replace: true });
  // The entry is a link: it changes the address, and the detail follows it.
  const select = () => {
    setChosen(true);
    returnTo.current = null;
  };
  const back = () => {
    returnTo.current = selectedId;
    setChosen(false);
    setSearchParams(queueSearchParams(filters), { replace: true });
  };

  const listShown = sideBySide || !selectedId;
  useEffect(() => {
    if (!returnTo.current || !listShown || queue.isPending) return;
    document.getElementById(reportItemId(returnTo.current))?.focus();
    returnTo.current = null;
  }, [selectedId, listShown, queue.isPending]);

  const counts = queue.data?.pages[0]?.counts ?? null;
  const hasItems = (queue.data?.pages[0]?.items.length ?? 0) > 0;
  const detail = selectedId ? (
    <ReportDetailPanel
      key={selectedId}
      reportId={selectedId}
      onBack={sideBySide ? undefined : back}
      focusOnLoad={chosen}
      hrefOf={hrefOf}
      onSelect={select}
    />
  ) : null;

  return (
    <Page
      title="Reportes de erro"
      description="Os erros que os estudantes apontaram nas questões: confira a questão com o gabarito, mude a situação e responda a quem reportou."
    >
      {listShown ? (
        <>
          <QueueFiltersPanel
            filters={filters}
            counts={counts}
            onChange={updateFilters}
            narrow={!sideBySide}
          />
          <div className="mb-3 mt-6 flex min-h-6 items-center gap-2">
            <h2 className="text-base font-semibold text-ink">Lista de reportes</h2>
            {queue.isFetching && !queue.isPending && !queue.isFetchingNextPage && (
              <Spinner className="size-4" />
            )}
          </div>
          <div
            className={
              sideBySide && (selectedId || hasItems)
                ? 'grid grid-cols-[minmax(0,20rem)_minmax(0,1fr)] items-start gap-6'
                : ''
            }
          >
            <Queue
              filters={filters}
              selectedId={selectedId}
              hrefOf={hrefOf}
              onSelect={select}
              onClear={() => updateFilters(EMPTY_QUEUE_FILTERS)}
              queue={queue}
            />
            {sideBySide &&
              (detail ??
                (hasItems && (
                  <StatePanel icon={MousePointerClick}>
                    Escolha um reporte da lista para ver a questão com o gabarito, mudar a situação
                    e responder ao estudante.
                  </StatePanel>
                )))}
          </div>
        </>
      ) : (
        detail
      )}
    </Page>
  );
}
