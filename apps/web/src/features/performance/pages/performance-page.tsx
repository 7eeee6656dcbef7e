import {
  PERFORMANCE_MESSAGES,
  type DisciplinePerformance,
  type HistorySummaryResponse,
  PATHS,
} from '@gabarita/shared';
import { ChartColumnBig, Table2, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { PlanBadge } from '@/domain/plans/plan-badge';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { readStored, writeStored } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useHistorySummary } from '../api/performance-api';
import { PerformanceTable } from '../components/performance-table';
import { PremiumInvitation } from '../components/premium-invitation';
import { RetentionSection } from '../components/retention-section';
import { ProgressSection } from '../components/progress-section';
import { ResetHistory } from '../components/reset-history';
import { SimuladoResults } from '../components/simulado-results';
import { SummaryCards } from '../components/summary-cards';

// Recharts is large: its module is downloaded only when a Premium account opens the charts.
const PerformanceCharts = lazy(() =>
  import('../components/performance-charts').then((module) => ({
    default: module.PerformanceCharts,
  })),
);

type View = 'graficos' | 'tabela';

const VIEWS: readonly { id: View; label: string; icon: LucideIcon }[] = [
  { id: 'graficos', label: 'Gráficos', icon: ChartColumnBig },
  { id: 'tabela', label: 'Tabela', icon: Table2 },
];

function readView(): View {
  return readStored(STORAGE_KEYS.performanceView) === 'tabela' ? 'tabela' : 'graficos';
}

function writeView(view: View): void {
  writeStored(STORAGE_KEYS.performanceView, view);
}

function LoadingSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Carregando seu desempenho...</span>
      <div aria-hidden="true" className="animate-pulse space-y-6 motion-reduce:animate-none">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className={cardClasses({ padding: 'none', className: 'h-28 p-5' })}>
              <div className="h-3 w-2/3 rounded bg-surface-muted" />
              <div className="mt-5 h-7 w-1/2 rounded bg-surface-muted" />
            </div>
          ))}
        </div>
        <div className={cardClasses()}>
          <div className="h-5 w-56 rounded bg-surface-muted" />
          <div className="mt-6 grid items-center gap-6 md:grid-cols-[15rem_1fr]">
            <div className="mx-auto size-52 rounded-full border-[28px] border-surface-muted" />
            <div className="space-y-3">
              {[0, 1, 2, 3, 4].map((index) => (
                <div key={index} className="h-4 rounded bg-surface-muted" />
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function ChartsFallback() {
  return (
    <div
      role="status"
      className={cardClasses({
        padding: 'none',
        className: 'flex h-72 items-center justify-center gap-3 text-sm text-ink-muted',
      })}
    >
      <Spinner className="size-5" />
      Carregando gráficos...
    </div>
  );
}

/** 'Gráficos' or 'Tabela': the same numbers as pictures or as a table (tabs, arrow keys move). */
function DisciplineViews({
  disciplines,
  totals,
}: {
  disciplines: readonly DisciplinePerformance[];
  totals: HistorySummaryResponse['totals'];
}) {
  const [view, setView] = useState<View>(readView);
  const baseId = useId();
  const tabRefs = useRef<Record<View, HTMLButtonElement | null>>({ graficos: null, tabela: null });

  const choose = (next: View, focus = false) => {
    setView(next);
    writeView(next);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = VIEWS.findIndex((item) => item.id === view);
    let nextIndex: number | null = null;
    if (event.key === 'ArrowRight') nextIndex = (index + 1) % VIEWS.length;
    else if (event.key === 'ArrowLeft') nextIndex = (index - 1 + VIEWS.length) % VIEWS.length;
    else if (event.key === 'Home') nextIndex = 0;
    else if (event.key === 'End') nextIndex = VIEWS.length - 1;
    const next = nextIndex === null ? undefined : VIEWS[nextIndex];
    if (!next) return;
    event.preventDefault();
    choose(next.id, true);
  };

  let panel: ReactNode;
  if (view === 'tabela') {
    panel = <PerformanceTable disciplines={disciplines} totals={totals} />;
  } else {
    panel = (
      <Suspense fallback={<ChartsFallback />}>
        <PerformanceCharts disciplines={disciplines} />
      </Suspense>
    );
  }

  return (
    <section aria-labelledby={`${baseId}-titulo`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${baseId}-titulo`} className="text-lg font-semibold text-ink">
            Desempenho por disciplina
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            Da maior para a menor taxa de acerto, com o detalhe de cada assunto.
          </p>
        </div>
        {/* The tabs take focus (one at a time); their list moves it with the arrow keys. */}
        {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus */}
        <div
          role="tablist"
          aria-label="Forma de exibição"
          onKeyDown={onKeyDown}
          className="inline-flex rounded-lg border border-line bg-surface-muted p-1"
        >
          {VIEWS.map(({ id, label, icon: Icon }) => {
            const selected = view === id;
            return (
              <button
                key={id}
                ref={(element) => {
                  tabRefs.current[id] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-aba-${id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-painel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => choose(id)}
                className={`inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors ${
                  selected
                    ? 'bg-surface text-ink shadow-sm ring-1 ring-line'
                    : 'text-ink-muted hover:text-ink'
                }`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-painel`}
        aria-labelledby={`${baseId}-aba-${view}`}
        tabIndex={-1}
        className="focus-visible:outline-none"
      >
        {panel}
      </div>
    </section>
  );
}

function EmptyHistory() {
  return (
    <StatePanel
      icon={ChartColumnBig}
      title="Nenhuma questão respondida"
      action={
        <Link to={PATHS.home.path} className={buttonClasses()}>
          Questões de concurso
        </Link>
      }
    >
      {PERFORMANCE_MESSAGES.empty}
    </StatePanel>
  );
}

function Summary({ summary }: { summary: HistorySummaryResponse }) {
  const { totals, disciplines } = summary;
  if (totals.answered === 0) return <EmptyHistory />;
  return (
    <div className="space-y-8">
      <section aria-label="Resumo">
        <SummaryCards totals={totals} />
      </section>
      {disciplines === null ? (
        <PremiumInvitation />
      ) : (
        <>
          <DisciplineViews disciplines={disciplines} totals={totals} />
          <ProgressSection />
          <RetentionSection />
        </>
      )}
    </div>
  );
}

export default function PerformancePage() {
  const summary = useHistorySummary();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [justReset, setJustReset] = useState(false);

  let content: ReactNode;
  if (summary.isPending) {
    content = <LoadingSkeleton />;
  } else if (summary.isError) {
    content = (
      <QueryError
        message={PERFORMANCE_MESSAGES.loadFailed}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  } else {
    content = <Summary summary={summary.data} />;
  }

  const data = summary.data;
  return (
    <Page
      title="Meu Desempenho"
      description="Acompanhe seus acertos e erros nas questões que você já respondeu."
      titleRef={titleRef}
      badge={data && <PlanBadge premium={data.disciplines !== null} />}
      actions={
        data && (
          <ResetHistory
            canReset={data.totals.answered > 0}
            finalFocusRef={titleRef}
            onReset={() => setJustReset(true)}
          />
        )
      }
    >
      <p role="status" className="sr-only">
        {justReset ? 'Seu histórico foi resetado.' : ''}
      </p>
      {content}
      <div className="mt-8">
        <SimuladoResults />
      </div>
    </Page>
  );
}
