import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  PAYMENT_CONSOLE_PROVIDERS,
  PAYMENT_CONSOLE_STATUSES,
  PAYMENT_STATUS_LABELS,
  type PaymentListItem,
  PLANS,
  TOKEN_PACKAGE,
  countLabel,
  PATHS,
  pathTo,
} from '@gabarita/shared';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { INPUT_CLASSES, LABEL_CLASSES } from '@/components/ui/field-styles';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/formatters';
import { type PaymentFilters, usePaymentList } from '../api/payments-console-api';
import { PROVIDER_NAMES } from '../payment-labels';

const LOAD_FAILED = 'Não foi possível carregar os pagamentos. Tente novamente.';

const PRODUCTS: [string, string][] = [
  ...PLANS.map((plan): [string, string] => [plan.id, `Plano ${plan.name}`]),
  [TOKEN_PACKAGE.id, `Pacote ${TOKEN_PACKAGE.name}`],
];

const FILTER_KEYS = ['status', 'provedor', 'produto', 'de', 'ate'] as const;

function PaymentRow({ payment }: { payment: PaymentListItem }) {
  return (
    <li>
      <Link
        to={pathTo(PATHS.purchase, { id: payment.id })}
        className={cardClasses({
          padding: 'sm',
          className: 'block transition-colors hover:border-primary motion-reduce:transition-none',
        })}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">
            {payment.productType === 'plan' ? 'Plano' : 'Pacote'} {payment.productName}
          </span>
          <span className="text-sm text-ink">{formatPrice(payment.priceCentavos)}</span>
          <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink">
            {PAYMENT_STATUS_LABELS[payment.status]}
          </span>
        </span>
        <span className="mt-1 block break-all text-sm text-ink-muted">
          {payment.name} · {payment.email}
        </span>
        <span className="mt-1 block text-xs text-ink-muted">
          {PROVIDER_NAMES[payment.provider]} · criada em {formatDateTime(payment.createdAt)}
        </span>
      </Link>
    </li>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <label className="block">
      <span className={LABEL_CLASSES}>{label}</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT_CLASSES}
      >
        <option value="">Todos</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** 'Pagamentos': the purchases, filtered (docs/product-rules.md, "Payments and refunds"). */
export default function PaymentsPage() {
  const [params, setParams] = useSearchParams();
  const filters: PaymentFilters = Object.fromEntries(
    [...FILTER_KEYS, 'pagina'].map((key) => [key, params.get(key) ?? '']),
  );
  const list = usePaymentList(filters);
  const page = list.data;

  const set = (key: keyof PaymentFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'pagina') next.delete('pagina');
    setParams(next, { replace: true });
  };

  return (
    <Page
      title="Pagamentos"
      description="Compras de planos e pacotes de tokens, das mais recentes."
    >
      <div
        role="group"
        aria-label="Filtros"
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <Select
          label="Situação"
          value={filters.status ?? ''}
          options={PAYMENT_CONSOLE_STATUSES.map((status) => [
            status,
            PAYMENT_STATUS_LABELS[status],
          ])}
          onChange={(value) => set('status', value)}
        />
        <Select
          label="Provedor"
          value={filters.provedor ?? ''}
          options={PAYMENT_CONSOLE_PROVIDERS.map((provider) => [
            provider,
            PROVIDER_NAMES[provider],
          ])}
          onChange={(value) => set('provedor', value)}
        />
        <Select
          label="Produto"
          value={filters.produto ?? ''}
          options={PRODUCTS}
          onChange={(value) => set('produto', value)}
        />
        <label className="block">
          <span className={LABEL_CLASSES}>De</span>
          <input
            type="date"
            value={filters.de ?? ''}
            onChange={(event) => set('de', event.target.value)}
            className={INPUT_CLASSES}
          />
        </label>
        <label className="block">
          <span className={LABEL_CLASSES}>Até</span>
          <input
            type="date"
            value={filters.ate ?? ''}
            onChange={(event) => set('ate', event.target.value)}
            className={INPUT_CLASSES}
          />
        </label>
      </div>
      {list.isPending ? (
        <div role="status" className="flex justify-center py-8">
          <Spinner className="size-6" />
          <span className="sr-only">Carregando pagamentos...</span>
        </div>
      ) : list.isError && !page ? (
        <QueryError
          message={errorMessage(list.error, LOAD_FAILED)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !page || page.items.length === 0 ? (
        <StatePanel icon={Receipt}>Nenhum pagamento com estes filtros.</StatePanel>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted">
            {countLabel(page.total, 'pagamento', 'pagamentos')} · página {page.page}
          </p>
          <ul aria-label="Pagamentos encontrados" className="space-y-3">
            {page.items.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </ul>
          <div className="mt-4 flex gap-3">
            {page.page > 1 && (
              <Button
                variant="secondary"
                icon={ChevronLeft}
                onClick={() => set('pagina', String(page.page - 1))}
              >
                Anterior
              </Button>
            )}
            {page.next && (
              <Button
                variant="secondary"
                icon={ChevronRight}
                onClick={() => set('pagina', String(page.next))}
              >
                Próxima
              </Button>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
