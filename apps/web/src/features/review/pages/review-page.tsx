import { useQuery } from '@tanstack/react-query';
import { countLabel, PATHS, STUDY_TOOLS_MESSAGES, type ReviewItem, plural } from '@gabarita/shared';
import { CalendarCheck, FileDown, FilterX, Layers, NotebookPen, RotateCcw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, cardClasses } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { PlanBadge } from '@/domain/plans/plan-badge';
import { QueryError } from '@/components/ui/query-error';
import { QuestionResultCard } from '@/domain/questions/question-result-card';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { StatePanel } from '@/components/ui/state-panel';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/domain/session/session';
import { notebookViewerPath } from '@/domain/study/study-links';
import {
  readReviewFilters,
  reviewQueryOptions,
  reviewQueryString,
  type ReviewFilters,
} from '@/domain/study/study-queries';
import { formatDay } from '@/lib/formatters';
import { useCardFromQuestion } from '@/domain/review/review-api';
import { ReviewInvitation } from '../components/review-invitation';

/** When the question comes back (docs/product-rules.md, "Review"). */
function ladderText(item: ReviewItem): string {
  if (item.due || item.dueDay === null) return 'Revisar hoje';
  const streak =
    item.step > 0 ? ` · ${countLabel(item.step, 'acerto seguido', 'acertos seguidos')}` : '';
  return `Próxima revisão em ${formatDay(item.dueDay)}${streak}`;
}

/** One tap: a card with the question's key idea, to edit later in 'Revisão de hoje'. */
function MakeCard({ questionId }: { questionId: string }) {
  const make = useCardFromQuestion();
  if (make.isSuccess) {
    return (
      <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
        Cartão criado.{' '}
        <Link to={PATHS.reviewToday.path} className="font-semibold underline">
          Ver em Revisão de hoje
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-2">
      <Button
        variant="secondary"
        size="sm"
        icon={Layers}
        busy={make.isPending}
        onClick={() => make.mutate(questionId)}
      >
        Criar cartão
      </Button>
      {make.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errorMessage(make.error, 'Não foi possível criar o cartão. Tente novamente.')}
        </p>
      )}
    </div>
  );
}

function LadderLine({ item }: { item: ReviewItem }) {
  return (
    <p
      className={`mt-3 flex items-center gap-1.5 border-t border-line pt-3 text-xs font-semibold ${
        item.due ? 'text-primary-ink' : 'text-ink-muted'
      }`}
    >
      {item.due ? (
        <RotateCcw className="size-3.5" aria-hidden="true" />
      ) : (
        <CalendarCheck className="size-3.5" aria-hidden="true" />
      )}
      {ladderText(item)}
      {item.due && <span className="ml-auto text-primary-ink">Refazer</span>}
    </p>
  );
}

function Section({
  id,
  title,
  items,
  filters,
}: {
  id: string;
  title: string;
  items: ReviewItem[];
  filters: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-base font-semibold text-ink">
        {title} <span className="font-normal text-ink-muted">({items.length})</span>
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <QuestionResultCard
              question={item}
              href={notebookViewerPath(filters, item.id)}
              aside={<LadderLine item={item} />}
            />
            <MakeCard questionId={item.id} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Notebook() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readReviewFilters(searchParams);
  const notebook = useQuery(reviewQueryOptions(filters, 'screen'));
  const queryString = reviewQueryString(filters);
  const update = (next: ReviewFilters) =>
    setSearchParams(new URLSearchParams(reviewQueryString(next)), { replace: true });

  if (notebook.isPending) {
    return (
      <div role="status" className={cardClasses({ className: 'h-40 animate-pulse' })}>
        <span className="sr-only">Carregando o caderno de erros...</span>
      </div>
    );
  }
  if (notebook.isError) {
    return (
      <QueryError
        message={errorMessage(notebook.error, STUDY_TOOLS_MESSAGES.reviewLoadFailed)}
        onRetry={() => void notebook.refetch()}
        retrying={notebook.isFetching}
      />
    );
  }
  const data = notebook.data;
  if (data.total === 0) {
    return <StatePanel icon={NotebookPen}>{STUDY_TOOLS_MESSAGES.reviewEmpty}</StatePanel>;
  }
  const discipline = data.disciplines.find((entry) => entry.code === filters.disciplina);
  const due = data.items.filter((item) => item.due);
  const later = data.items.filter((item) => !item.due && item.dueDay !== null);
  const hasFilters = filters.disciplina !== '';

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Card padding="sm" className="flex items-center gap-3 sm:gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
            <RotateCcw className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-2xl font-semibold tabular-nums text-ink">{data.dueToday}</p>
            <p className="text-sm text-ink-muted">Revisões de hoje</p>
          </div>
        </Card>
        <Card padding="sm" className="flex items-center gap-3 sm:gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
            <NotebookPen className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-2xl font-semibold tabular-nums text-ink">{data.total}</p>
            <p className="text-sm text-ink-muted">
              {plural(data.total, 'Questão no caderno', 'Questões no caderno')}
            </p>
          </div>
        </Card>
      </div>

      <Card as="section" padding="sm" aria-label="Filtros" className="mt-5">
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <SearchableSelect
            label="Disciplina"
            options={data.disciplines.map((entry) => ({ value: entry.code, label: entry.name }))}
            value={filters.disciplina}
            onChange={(value) => update({ disciplina: value, assunto: '' })}
          />
          <SearchableSelect
            label="Assunto"
            options={(discipline?.subjects ?? []).map((subject) => ({
              value: subject,
              label: subject,
            }))}
            value={filters.assunto}
            onChange={(value) => update({ ...filters, assunto: value })}
            disabled={!filters.disciplina}
            placeholder={filters.disciplina ? undefined : 'Escolha uma disciplina'}
          />
          <Button
            variant="secondary"
            icon={FilterX}
            onClick={() => update({ disciplina: '', assunto: '' })}
            disabled={!hasFilters}
          >
            Limpar filtros
          </Button>
        </div>
      </Card>

      {data.items.length === 0 ? (
        <div className="mt-8">
          <StatePanel icon={NotebookPen}>Nenhuma questão do caderno com esses filtros.</StatePanel>
        </div>
      ) : (
        <>
          <Section id="revisar-hoje" title="Para revisar hoje" items={due} filters={queryString} />
          <Section
            id="proximas-revisoes"
            title="Próximas revisões"
            items={later}
            filters={queryString}
          />
        </>
      )}
    </>
  );
}

/**
 * 'Caderno de erros': every question answered wrong, scheduled for review by FSRS
 * (docs/product-rules.md, "Mistakes notebook" and "Review"). Premium; free accounts see what it is.
 */
export default function ReviewPage() {
  const session = useSession();
  const accountType = session.data?.user?.accountType;
  return (
    <Page
      title={STUDY_TOOLS_MESSAGES.reviewTitle}
      description="As questões que você errou, para refazer do zero. Errou, ela volta no dia seguinte; acertou, volta cada vez mais tarde, no dia certo para você lembrar dela."
      badge={accountType && <PlanBadge premium={accountType === 'premium'} />}
      actions={
        accountType === 'premium' && (
          <Link
            to={PATHS.mistakesExport.path}
            className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
          >
            <FileDown className="size-4" aria-hidden="true" />
            Exportar
          </Link>
        )
      }
    >
      {accountType === 'premium' ? <Notebook /> : accountType ? <ReviewInvitation /> : null}
    </Page>
  );
}
