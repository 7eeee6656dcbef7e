import { PATHS, pathTo } from '@gabarita/shared';
import { Search, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AccountListItem } from '@gabarita/shared';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { useAccountSearch } from '../api/accounts-console-api';
import { PROVIDER_LABELS, ROLE_LABELS } from '../account-labels';

const LOAD_FAILED = 'Não foi possível carregar as contas. Tente novamente.';

function AccountRow({ account }: { account: AccountListItem }) {
  return (
    <li>
      <Link
        to={pathTo(PATHS.customerAccount, { userId: account.id })}
        className={cardClasses({
          padding: 'sm',
          className: 'block transition-colors hover:border-primary motion-reduce:transition-none',
        })}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">{account.name}</span>
          {account.blocked && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-300">
              Bloqueada
            </span>
          )}
          {account.accountType === 'premium' && (
            <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-ink">
              Premium
            </span>
          )}
        </span>
        <span className="mt-1 block break-all text-sm text-ink-muted">{account.email}</span>
        <span className="mt-1 block text-xs text-ink-muted">
          {PROVIDER_LABELS[account.provider]} · {ROLE_LABELS[account.role]} ·{' '}
          {account.verified ? 'e-mail verificado' : 'e-mail não verificado'} · desde{' '}
          {formatDate(account.createdAt)}
        </span>
      </Link>
    </li>
  );
}

/** 'Contas': find an account by part of its e-mail or name (docs/product-rules.md, "Operations console"). */
export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const search = useAccountSearch(query);
  const items = search.data?.pages.flatMap((page) => page.items) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    setParams(trimmed ? { q: trimmed } : {}, { replace: true });
  };

  return (
    <Page title="Contas" description="Busque uma conta pelo e-mail ou pelo nome.">
      <form
        role="search"
        onSubmit={submit}
        className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          label="E-mail ou nome"
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" icon={Search}>
          Buscar
        </Button>
      </form>
      {search.isPending ? (
        <div role="status" className="flex justify-center py-8">
          <Spinner className="size-6" />
          <span className="sr-only">Carregando contas...</span>
        </div>
      ) : search.isError && items.length === 0 ? (
        <QueryError
          message={errorMessage(search.error, LOAD_FAILED)}
          onRetry={() => void search.refetch()}
          retrying={search.isFetching}
        />
      ) : items.length === 0 ? (
        <StatePanel icon={UserRound}>
          {query ? `Nenhuma conta encontrada para "${query}".` : 'Nenhuma conta ainda.'}
        </StatePanel>
      ) : (
        <>
          <ul aria-label="Contas encontradas" className="space-y-3">
            {items.map((account) => (
              <AccountRow key={account.id} account={account} />
            ))}
          </ul>
          <LoadMore
            hasNextPage={search.hasNextPage}
            isFetchingNextPage={search.isFetchingNextPage}
            onLoadMore={() => void search.fetchNextPage()}
            paused={search.isFetchNextPageError}
          />
        </>
      )}
    </Page>
  );
}
