import {
  HELP_INBOX_SEARCH_MAX_LENGTH,
  HELP_REQUEST_STATUS_LABELS,
  HELP_REQUEST_STATUSES,
  type HelpRequestStatus,
} from '@gabarita/shared';
import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { cardClasses } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { TextFilter } from '@/components/ui/text-filter';
import { errorMessage } from '@/lib/api-client';
import { formatInteger } from '@/lib/formatters';
import { useHelpInbox } from '../api/help-inbox-api';
import { InboxList } from '../components/inbox-list';
import { inboxSearchParams, readInboxFilters, type InboxFilters } from '../inbox-filters';

const INBOX_LOAD_FAILED = 'Não foi possível carregar as mensagens. Tente novamente.';

const EMPTY_TEXT: Record<HelpRequestStatus | '', string> = {
  new: 'Nenhuma mensagem nova.',
  answered: 'Nenhuma mensagem respondida.',
  closed: 'Nenhuma mensagem encerrada.',
  '': 'Nenhuma mensagem.',
};

const TABS: { value: HelpRequestStatus | ''; label: string }[] = [
  ...HELP_REQUEST_STATUSES.map((status) => ({
    value: status,
    label: HELP_REQUEST_STATUS_LABELS[status],
  })),
  { value: '', label: 'Todas' },
];

/** The status tabs: links (the filter lives in the address), each with its count. */
function StatusTabs({
  filters,
  counts,
}: {
  filters: InboxFilters;
  counts: Record<HelpRequestStatus, number> | null;
}) {
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;
  return (
    <nav aria-label="Situação">
      <ul className="flex flex-wrap gap-2">
        {TABS.map((tab) => {
          const current = filters.situacao === tab.value;
          const count = tab.value ? (counts?.[tab.value] ?? null) : total;
          return (
            <li key={tab.value || 'todas'}>
              <Link
                to={{ search: inboxSearchParams({ ...filters, situacao: tab.value }).toString() }}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex h-9 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors motion-reduce:transition-none ${
                  current
                    ? 'border-primary bg-primary-soft text-primary-ink'
                    : 'border-line bg-surface text-ink hover:bg-surface-muted'
                }`}
              >
                {tab.label}
                {count !== null && ' '}
                {count !== null && (
                  <span className="rounded-full bg-surface-muted px-1.5 text-xs tabular-nums text-ink-muted">
                    {formatInteger(count)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * 'Mensagens': the help-centre messages (docs/product-rules.md, "Operations console"), newest
 * first, by status, with a search. Each opens on its own page (/admin/mensagens/:id).
 */
export default function HelpInboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readInboxFilters(searchParams);
  const inbox = useHelpInbox(filters);
  const counts = inbox.data?.pages[0]?.counts ?? null;
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (inbox.isPending) {
    list = (
      <div role="status" className={cardClasses({ padding: 'sm' })}>
        <Spinner className="size-4" /> <span>Carregando mensagens...</span>
      </div>
    );
  } else if (inbox.isError && !inbox.isFetchNextPageError) {
    list = (
      <QueryError
        message={errorMessage(inbox.error, INBOX_LOAD_FAILED)}
        onRetry={() => void inbox.refetch()}
        retrying={inbox.isFetching}
      />
    );
  } else if (items.length === 0) {
    list = (
      <StatePanel icon={Inbox}>
        {filters.busca
          ? 'Nenhuma mensagem encontrada para esta busca.'
          : EMPTY_TEXT[filters.situacao]}
      </StatePanel>
    );
  } else {
    list = (
      <div className={`transition-opacity ${inbox.isPlaceholderData ? 'opacity-60' : ''}`}>
        <InboxList items={items} />
        {inbox.isFetchNextPageError && (
          <Notice tone="error" className="mt-4">
            {INBOX_LOAD_FAILED}
          </Notice>
        )}
        <LoadMore
          hasNextPage={inbox.hasNextPage}
          isFetchingNextPage={inbox.isFetchingNextPage}
          onLoadMore={() => void inbox.fetchNextPage()}
          paused={inbox.isFetchNextPageError || inbox.isPlaceholderData}
        />
      </div>
    );
  }

  return (
    <Page
      title="Mensagens"
      description="O que os clientes escreveram pela Central de Ajuda: leia com a conta ao lado, responda por e-mail e encerre quando estiver resolvido."
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <StatusTabs filters={filters} counts={counts} />
        <TextFilter
          label="Buscar por e-mail, nome ou texto"
          value={filters.busca}
          maxLength={HELP_INBOX_SEARCH_MAX_LENGTH}
          onChange={(busca) =>
            setSearchParams(inboxSearchParams({ ...filters, busca }), { replace: true })
          }
          className="lg:w-96"
        />
      </div>
      <div className="mb-3 mt-6 flex min-h-6 items-center gap-2">
        <h2 className="text-base font-semibold text-ink">
          {filters.situacao
            ? `Mensagens: ${HELP_REQUEST_STATUS_LABELS[filters.situacao]}`
            : 'Todas as mensagens'}
        </h2>
        {inbox.isFetching && !inbox.isPending && !inbox.isFetchingNextPage && (
          <Spinner className="size-4" />
        )}
      </div>
      {list}
    </Page>
  );
}
