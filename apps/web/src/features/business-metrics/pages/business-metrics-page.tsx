import {
  type BusinessMetrics,
  BUSINESS_METRICS_MESSAGES,
  METRICS_AI_FEATURES,
  METRICS_AI_FEATURE_LABELS,
  countLabel,
  plural,
} from '@gabarita/shared';
import { CalendarRange } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/domain/session/session';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatInteger, formatPrice } from '@/lib/formatters';
import { ChartCard } from '@/components/charts/chart-card';
import { ChartFallback, NumbersTable, TD, TH } from '@/components/charts/numbers-table';
import { useBusinessMetrics } from '../api/business-metrics-api';
import { conversionLabel, formatUsd, shortDay } from '../metrics-text';

// Recharts stays out of the page's first download, as on /meu-desempenho.
const RevenuePerDayChart = lazy(() =>
  import('../components/metrics-charts').then((module) => ({
    default: module.RevenuePerDayChart,
  })),
);
const AiCostPerDayChart = lazy(() =>
  import('../components/metrics-charts').then((module) => ({
    default: module.AiCostPerDayChart,
  })),
);

function SummaryCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className={cardClasses({ padding: 'sm', className: 'flex min-w-0 flex-col' })}>
      <p className="text-xs font-medium uppercase leading-5 tracking-wide text-ink-muted">
        {label}
      </p>
      <p className="mt-2 text-2xl font-semibold tabular-nums tracking-tight text-ink">{value}</p>
      {note && <p className="mt-1 text-xs text-ink-muted">{note}</p>}
    </li>
  );
}

function SummaryCards({ metrics }: { metrics: BusinessMetrics }) {
  const { summary } = metrics;
  const rate = metrics.usdBrlRate.toLocaleString('pt-BR', { maximumFractionDigits: 4 });
  return (
    <ul aria-label="Resumo do período" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <SummaryCard
        label="Receita"
        value={formatPrice(summary.revenueCentavos)}
        note={`${formatPrice(summary.grossCentavos)} aprovados − ${formatPrice(summary.refundsCentavos)} estornados`}
      />
      <SummaryCard
        label="Custo da IA"
        value={formatPrice(summary.aiCostCentavos)}
        note={`${formatUsd(summary.aiCostMicroUsd)} a R$ ${rate} por dólar`}
      />
      <SummaryCard
        label="Margem"
        value={formatPrice(summary.marginCentavos)}
        note="Receita − custo da IA"
      />
      <SummaryCard
        label="Premium ativos"
        value={formatInteger(summary.activePremium)}
        note="Contas com Premium hoje"
      />
      <SummaryCard
        label="Conversão"
        value={conversionLabel(summary.signups, summary.converted)}
        note={`${formatInteger(summary.converted)} de ${countLabel(summary.signups, 'conta nova', 'contas novas')} ${plural(summary.converted, 'comprou', 'compraram')}`}
      />
    </ul>
  );
}

const right = `${TH} text-right`;
const cell = `${TD} text-right`;
const rowHead = `${TD} whitespace-nowrap text-left font-medium`;

function HeaderRow({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="bg-surface-muted/60">
      <tr>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={index === 0 ? TH : right}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function RevenueTable({ metrics }: { metrics: BusinessMetrics }) {
  return (
    <NumbersTable caption="Receita e pagamentos por dia">
      <HeaderRow
        columns={[
          'Dia',
          'Planos',
          'Pacotes',
          'Estornos',
          'Receita',
          'Aprovados',
          'Estornados',
          'Falhos',
          'Expirados',
        ]}
      />
      <tbody className="divide-y divide-line">
        {[...metrics.days].reverse().map((day) => (
          <tr key={day.day}>
            <th scope="row" className={rowHead}>
              {shortDay(day.day)}
            </th>
            <td className={cell}>{formatPrice(day.planCentavos)}</td>
            <td className={cell}>{formatPrice(day.packageCentavos)}</td>
            <td className={cell}>{formatPrice(day.refundsCentavos)}</td>
            <td className={`${cell} font-semibold`}>{formatPrice(day.revenueCentavos)}</td>
            <td className={cell}>{formatInteger(day.approved)}</td>
            <td className={cell}>{formatInteger(day.refunded)}</td>
            <td className={cell}>{formatInteger(day.failed)}</td>
            <td className={cell}>{formatInteger(day.expired)}</td>
          </tr>
        ))}
      </tbody>
    </NumbersTable>
  );
}

function AiCostTable({ metrics }: { metrics: BusinessMetrics }) {
  return (
    <NumbersTable caption="Custo da IA e margem por dia">
      <HeaderRow
        columns={[
          'Dia',
          ...METRICS_AI_FEATURES.map((feature) => METRICS_AI_FEATURE_LABELS[feature]),
          'Tokens de entrada',
          'Tokens de saída',
          'Custo (US$)',
          'Custo (R$)',
          'Margem',
        ]}
      />
      <tbody className="divide-y divide-line">
        {[...metrics.days].reverse().map((day) => (
          <tr key={day.day}>
            <th scope="row" className={rowHead}>
              {shortDay(day.day)}
            </th>
            {METRICS_AI_FEATURES.map((feature) => (
              <td key={feature} className={cell}>
                {formatUsd(day.ai[feature].costMicroUsd)}
              </td>
            ))}
            <td className={cell}>{formatInteger(day.inputTokens)}</td>
            <td className={cell}>{formatInteger(day.outputTokens)}</td>
            <td className={cell}>{formatUsd(day.aiCostMicroUsd)}</td>
            <td className={cell}>{formatPrice(day.aiCostCentavos)}</td>
            <td className={`${cell} font-semibold`}>{formatPrice(day.marginCentavos)}</td>
          </tr>
        ))}
      </tbody>
    </NumbersTable>
  );
}

/** `label` names the scrolling region apart from the card it sits in (which bears the caption). */
function PlainTable({
  caption,
  label,
  children,
}: {
  caption: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function ProductsTable({ metrics }: { metrics: BusinessMetrics }) {
  if (metrics.products.length === 0) {
    return <p className="text-sm text-ink-muted">Nenhuma venda nem estorno no período.</p>;
  }
  return (
    <PlainTable caption="Receita por produto" label="Tabela de receita por produto">
      <HeaderRow
        columns={['Produto', 'Aprovadas', 'Valor aprovado', 'Estornadas', 'Estornos', 'Receita']}
      />
      <tbody className="divide-y divide-line">
        {metrics.products.map((product) => (
          <tr key={`${product.productType}:${product.productId}`}>
            <th scope="row" className={rowHead}>
              {product.productName}{' '}
              <span className="text-xs font-normal text-ink-muted">
                ({product.productType === 'plan' ? 'plano' : 'pacote de tokens'})
              </span>
            </th>
            <td className={cell}>{formatInteger(product.approved)}</td>
            <td className={cell}>{formatPrice(product.grossCentavos)}</td>
            <td className={cell}>{formatInteger(product.refunded)}</td>
            <td className={cell}>{formatPrice(product.refundsCentavos)}</td>
            <td className={`${cell} font-semibold`}>{formatPrice(product.netCentavos)}</td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

function PaymentsSummary({ metrics }: { metrics: BusinessMetrics }) {
  const { summary } = metrics;
  const items = [
    ['Aprovados', summary.approved],
    ['Estornados', summary.refunded],
    ['Falhos ou recusados', summary.failed],
    ['Expirados ou cancelados', summary.expired],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line px-3 py-2">
          <dt className="text-xs text-ink-muted">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-ink">{formatInteger(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function PeriodForm({
  de,
  ate,
  error,
  onSubmit,
}: {
  de: string;
  ate: string;
  error?: { field?: string; message: string };
  onSubmit: (de: string, ate: string) => void;
}) {
  const [from, setFrom] = useState(de);
  const [to, setTo] = useState(ate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(from, to);
  };
  return (
    <form
      aria-label="Período"
      onSubmit={submit}
      className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="De"
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={error?.field === 'de' ? error.message : undefined}
      />
      <TextField
        label="Até"
        type="date"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={error?.field === 'ate' ? error.message : undefined}
      />
      <Button type="submit" icon={CalendarRange} className="sm:mt-7">
        Ver período
      </Button>
    </form>
  );
}

/** 'Números': the business's figures for a period (docs/product-rules.md, "Operations console"). */
export default function BusinessMetricsPage() {
  const role = useSession().data?.user?.role;
  const [params, setParams] = useSearchParams();
  const period = { de: params.get('de') ?? undefined, ate: params.get('ate') ?? undefined };
  const metrics = useBusinessMetrics(period, role === 'admin');
  const data = metrics.data;

  if (role !== 'admin') {
    return (
      <Page title="Números">
        <Notice tone="info">Esta página é exclusiva para administradores.</Notice>
      </Page>
    );
  }

  const invalid =
    metrics.error instanceof ApiError && metrics.error.code === 'request/invalid'
      ? {
          field: Object.keys(metrics.error.fields)[0],
          message: metrics.error.message,
        }
      : undefined;

  const submit = (de: string, ate: string) => {
    const next: Record<string, string> = {};
    if (de) next.de = de;
    if (ate) next.ate = ate;
    setParams(next, { replace: true });
  };

  let body: ReactNode;
  if (metrics.isPending && !invalid) {
    body = (
      <div role="status" className="flex justify-center py-8">
        <Spinner className="size-6" />
        <span className="sr-only">Carregando os números...</span>
      </div>
    );
  } else if (invalid) {
    body = <Notice tone="error">{invalid.message}</Notice>;
  } else if (metrics.isError || !data) {
    body = (
      <QueryError
        message={errorMessage(metrics.error, BUSINESS_METRICS_MESSAGES.loadFailed)}
        onRetry={() => void metrics.refetch()}
        retrying={metrics.isFetching}
      />
    );
  } else {
    body = (
      <div className="space-y-6">
        <p className="text-sm text-ink-muted">
          De {shortDay(data.de)}/{data.de.slice(0, 4)} a {shortDay(data.ate)}/{data.ate.slice(0, 4)}{' '}
          (dias de São Paulo).
        </p>
        <SummaryCards metrics={data} />
        <ChartCard
          level={2}
          title="Receita por dia"
          description="Pagamentos aprovados no dia, por tipo de produto, menos os estornos feitos no dia."
          stacked
        >
          <Suspense fallback={<ChartFallback />}>
            <RevenuePerDayChart metrics={data} />
          </Suspense>
          <RevenueTable metrics={data} />
        </ChartCard>
        <ChartCard
          level={2}
          title="Custo da IA por dia"
          description="Tokens e custo por recurso, e a margem do dia (receita − custo da IA em reais)."
          stacked
        >
          <Suspense fallback={<ChartFallback />}>
            <AiCostPerDayChart metrics={data} />
          </Suspense>
          <AiCostTable metrics={data} />
        </ChartCard>
        <ChartCard
          level={2}
          title="Receita por produto"
          description="Vendas e estornos do período."
        >
          <ProductsTable metrics={data} />
        </ChartCard>
        <ChartCard
          level={2}
          title="Pagamentos"
          description="Aprovados e estornados no dia do pagamento e do estorno; falhos e expirados no dia da cobrança."
        >
          <PaymentsSummary metrics={data} />
        </ChartCard>
      </div>
    );
  }

  return (
    <Page title="Números" description="Receita, custo da IA, margem e conversão do período.">
      <PeriodForm
        key={`${data?.de ?? period.de ?? ''}:${data?.ate ?? period.ate ?? ''}`}
        de={data?.de ?? period.de ?? ''}
        ate={data?.ate ?? period.ate ?? ''}
        error={invalid}
        onSubmit={submit}
      />
      {body}
    </Page>
  );
}
