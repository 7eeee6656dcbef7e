import type { AuditEntry } from '@gabarita/shared';
import { FilterX, ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, cardClasses } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { StatePanel } from '@/components/ui/state-panel';
import { TextFilter } from '@/components/ui/text-filter';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAuditLog } from '../api/audit-log-api';
import {
  ACTION_OPTIONS,
  actionLabel,
  activeAuditFilters,
  EMPTY_AUDIT_FILTERS,
  readAuditFilters,
  splitActor,
  type AuditFilters,
} from '../audit-filters';

const AUDIT_LOAD_FAILED = 'Não foi possível carregar o registro de ações. Tente novamente.';

/** From this width the entries are a table; below it, cards. */
const TABLE_QUERY = '(min-width: 1200px)';

/** A target as recorded; ids (question ids, e-mails) break anywhere rather than overflow. */
function Target({ target }: { target: string | null }) {
  if (target === null) return <span className="text-ink-muted">—</span>;
  return <span className="break-all font-mono text-xs">{target}</span>;
}

/** The account's name, its e-mail under it in small print. */
function Actor({ actor }: { actor: string }) {
  const { name, email } = splitActor(actor);
  return (
    <>
      <span className="block break-words font-medium text-ink">{name}</span>
      {email && <span className="block break-all text-xs text-ink-muted">{email}</span>}
    </>
  );
}

function EntryTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Card padding="none" className="overflow-hidden">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Ações registradas, da mais recente para a mais antiga</caption>
        <thead className="bg-surface-muted/60 text-xs font-medium uppercase tracking-wide text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Data e hora
            </th>
            <th scope="col" className="px-4 py-3">
              Quem
            </th>
            <th scope="col" className="px-4 py-3">
              Ação
            </th>
            <th scope="col" className="px-4 py-3">
              Alvo
            </th>
            <th scope="col" className="px-4 py-3">
              Resumo
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3 tabular-nums text-ink-muted">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td className="w-44 max-w-44 px-4 py-3">
                <Actor actor={entry.actor} />
              </td>
              <td className="w-36 px-4 py-3 text-ink">{actionLabel(entry.action)}</td>
              <td className="w-40 max-w-40 px-4 py-3 text-ink">
                <Target target={entry.target} />
              </td>
              <td className="min-w-56 break-words px-4 py-3 leading-6 text-ink">{entry.summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function EntryCards({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <ul aria-label="Ações registradas" className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className={cardClasses({ padding: 'sm' })}>
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="text-sm font-semibold text-ink">{actionLabel(entry.action)}</span>
            <time dateTime={entry.at} className="text-xs tabular-nums text-ink-muted">
              {formatDateTime(entry.at)}
            </time>
          </p>
          <p className="mt-1 break-words text-sm leading-6 text-ink">{entry.summary}</p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-line pt-3 text-xs">
            <dt className="font-medium text-ink-muted">Quem</dt>
            <dd className="min-w-0">
              <Actor actor={entry.actor} />
            </dd>
            <dt className="font-medium text-ink-muted">Alvo</dt>
            <dd className="text-ink">
              <Target target={entry.target} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Registro de ações': who did what in the editorial area and through the operator commands, newest
 * first (docs/product-rules.md, "Editorial roles and the audit log"). Read-only; filters live in the
 * address.
 */
export default function AuditLogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAuditFilters(searchParams);
  const log = useAuditLog(filters);
  const wide = useMediaQuery(TABLE_QUERY);
  const update = (next: AuditFilters) =>
    setSearchParams(new URLSearchParams(activeAuditFilters(next)), { replace: true });
  const filtered = Object.keys(activeAuditFilters(filters)).length > 0;

  let body;
  if (log.isPending) {
    body = (
      <div role="status" className={cardClasses({ className: 'h-48 animate-pulse' })}>
        <span className="sr-only">Carregando o registro de ações...</span>
      </div>
    );
  } else if (log.isError && !log.isFetchNextPageError) {
    body = (
      <QueryError
        message={errorMessage(log.error, AUDIT_LOAD_FAILED)}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  } else {
    const entries = log.data.pages.flatMap((page) => page.entries);
    body =
      entries.length === 0 ? (
        <StatePanel icon={ScrollText}>
          {filtered ? 'Nenhuma ação registrada com esses filtros.' : 'Nenhuma ação registrada.'}
        </StatePanel>
      ) : (
        <div className={`transition-opacity ${log.isPlaceholderData ? 'opacity-60' : ''}`}>
          {wide ? <EntryTable entries={entries} /> : <EntryCards entries={entries} />}
          {log.isFetchNextPageError && (
            <Notice tone="error" className="mt-4">
              {AUDIT_LOAD_FAILED}
            </Notice>
          )}
          <LoadMore
            hasNextPage={log.hasNextPage}
            isFetchingNextPage={log.isFetchingNextPage}
            onLoadMore={() => void log.fetchNextPage()}
            paused={log.isFetchNextPageError || log.isPlaceholderData}
          />
        </div>
      );
  }

  return (
    <Page
      title="Registro de ações"
      description="Quem fez o quê, e quando: mudanças em questões e reportes, importações e comandos de operação, da mais recente para a mais antiga."
    >
      <Card as="section" padding="sm" aria-label="Filtros" className="mb-6">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] xl:items-start">
          <SearchableSelect
            label="Ação"
            options={ACTION_OPTIONS}
            value={filters.acao}
            onChange={(acao) => update({ ...filters, acao })}
          />
          <TextFilter
            label="Alvo"
            value={filters.alvo}
            onChange={(alvo) => update({ ...filters, alvo })}
            description="O código de uma questão, por exemplo."
            maxLength={200}
            className="min-w-0"
          />
          <Button
            variant="secondary"
            icon={FilterX}
            onClick={() => update(EMPTY_AUDIT_FILTERS)}
            disabled={!filtered}
            className="w-full sm:w-auto sm:justify-self-start xl:mt-7"
          >
            Limpar filtros
          </Button>
        </div>
      </Card>
      {body}
    </Page>
  );
}
