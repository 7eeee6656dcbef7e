import { useQueryClient } from '@tanstack/react-query';
import { CATALOG_MESSAGES, STUDY_PARAMS } from '@gabarita/shared';
import { ArrowLeft, ChevronLeft, ChevronRight, FileQuestion } from 'lucide-react';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { examDetailQueryOptions } from '@/domain/catalog/catalog-queries';
import type { PageDataRequest } from '@/lib/page-data';
import { HIDE_OUTDATED } from '@/domain/study/study-links';
import { useIdleAfterPaint } from '@/lib/use-idle-after-paint';
import { questionQueryOptions } from '@/domain/questions/question-queries';
import { useQuestionList, type QuestionListItem } from '../hooks/use-question-list';

/**
 * At least a screen tall, like the question it stands for: the footer stays below the fold instead
 * of jumping down when the question arrives.
 */
function LoadingList() {
  return (
    <div role="status" className="min-h-dvh space-y-5">
      <span className="sr-only">Carregando questões...</span>
      <div aria-hidden="true" className="animate-pulse space-y-5 motion-reduce:animate-none">
        <div className="h-32 rounded-2xl border border-line bg-surface" />
        <div className="h-80 rounded-2xl border border-line bg-surface" />
      </div>
    </div>
  );
}

/** The exam and the question named in the address, asked for before the first render. */
export function prefetchQuestionViewerData({ queryClient, search, signedIn }: PageDataRequest) {
  if (!signedIn) return [];
  const exam = search.get(STUDY_PARAMS.exam);
  const question = search.get(STUDY_PARAMS.question);
  return [
    ...(exam ? [queryClient.prefetchQuery(examDetailQueryOptions(exam))] : []),
    ...(question ? [queryClient.prefetchQuery(questionQueryOptions(question))] : []),
  ];
}

/** What the viewer hands to the screen of the question on show (mounted anew for each question). */
export interface QuestionScreenProps {
  item: QuestionListItem;
  /** 'n / total' */
  position: string;
  backLink: ReactNode;
  navigation: ReactNode;
  /** While true, the navigation between questions waits (the tutor is writing). */
  onHoldNavigation: (hold: boolean) => void;
}

interface QuestionViewerProps {
  /** The question on show, with whatever the page puts beside it. */
  renderQuestion: (props: QuestionScreenProps) => ReactNode;
}

/**
 * The viewer: walks the list the address names (an exam, a discipline, a search, the notebook) one
 * question at a time, keeping the position in ?q=.
 */
export function QuestionViewer({ renderQuestion }: QuestionViewerProps) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const prova = searchParams.get(STUDY_PARAMS.exam) ?? '';
  const disciplina = searchParams.get(STUDY_PARAMS.discipline) ?? '';
  const assunto = searchParams.get(STUDY_PARAMS.subject) ?? '';
  const currentId = searchParams.get(STUDY_PARAMS.question) ?? '';
  const hideOutdated = searchParams.get(STUDY_PARAMS.outdated) === HIDE_OUTDATED;
  const busca = searchParams.get(STUDY_PARAMS.search) ?? '';
  const caderno = searchParams.get(STUDY_PARAMS.notebook) ?? '';
  const { list, back } = useQuestionList({
    prova,
    disciplina,
    assunto,
    hideOutdated,
    busca,
    caderno,
    currentId,
  });
  // While the tutor writes, the question stays (moving on would drop its text).
  const [navigationHeld, setNavigationHeld] = useState(false);

  const items = list.status === 'ready' ? list.items : [];
  const foundIndex = items.findIndex((item) => item.id === currentId);
  // A question on a page not loaded yet: wait for it rather than jump to the first one.
  const waitingForPage =
    list.status === 'ready' && list.loadingMore && currentId !== '' && foundIndex < 0;
  const index = foundIndex >= 0 ? foundIndex : 0;
  const current = waitingForPage ? undefined : items[index];
  const next = current ? items[index + 1] : undefined;

  // The question in the address loads alongside the list instead of after it.
  useEffect(() => {
    if (currentId) void queryClient.prefetchQuery(questionQueryOptions(currentId));
  }, [currentId, queryClient]);
  const idle = useIdleAfterPaint();
  useEffect(() => {
    if (next && idle) void queryClient.prefetchQuery(questionQueryOptions(next.id));
  }, [next, idle, queryClient]);

  /** The position lives in ?q=, so a reload stays on the same question. */
  const goTo = (questionId: string) => {
    setSearchParams(
      (currentParams) => {
        const params = new URLSearchParams(currentParams);
        params.set(STUDY_PARAMS.question, questionId);
        return params;
      },
      { replace: true },
    );
    window.scrollTo({ top: 0 });
  };

  const backLink = (
    <Link
      to={back.to}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  );

  let content: ReactNode;
  if (list.status === 'error') {
    content = (
      <>
        {backLink}
        <PageTitle>Questões</PageTitle>
        <QueryError message={list.message} onRetry={list.retry} retrying={list.retrying} />
      </>
    );
  } else if (
    list.status === 'none' ||
    (list.status === 'ready' && items.length === 0 && !list.loadingMore)
  ) {
    content = (
      <>
        {backLink}
        <PageTitle>Questões</PageTitle>
        <StatePanel icon={FileQuestion}>{CATALOG_MESSAGES.nothingLoaded}</StatePanel>
      </>
    );
  } else if (list.status === 'loading' || !current) {
    content = (
      <>
        {backLink}
        <PageTitle hidden>Questões</PageTitle>
        <LoadingList />
      </>
    );
  } else {
    const previous = items[index - 1];
    const position = `${index + 1} / ${list.total.toLocaleString('pt-BR')}${list.totalCapped ? '+' : ''}`;
    const nextPending = !next && list.loadingMore;
    const navigation = (
      <Card
        as="nav"
        padding="none"
        aria-label="Navegação entre questões"
        className="flex items-center justify-between gap-3 p-3"
      >
        <Button
          variant="secondary"
          disabled={!previous || navigationHeld}
          onClick={() => previous && goTo(previous.id)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          {CATALOG_MESSAGES.previous}
        </Button>
        <span className="text-sm font-semibold tabular-nums text-ink" aria-live="polite">
          {position}
        </span>
        <Button
          variant="secondary"
          disabled={!next || navigationHeld}
          onClick={() => next && goTo(next.id)}
        >
          {CATALOG_MESSAGES.next}
          {nextPending ? (
            <Spinner className="size-4" />
          ) : (
            <ChevronRight className="size-4" aria-hidden="true" />
          )}
        </Button>
      </Card>
    );
    // Keyed by the question: moving to another one starts from a clean state.
    content = (
      <Fragment key={current.id}>
        {renderQuestion({
          item: current,
          position,
          backLink,
          navigation,
          onHoldNavigation: setNavigationHeld,
        })}
      </Fragment>
    );
  }

  return (
    <section aria-labelledby="page-title" className="space-y-5">
      {content}
    </section>
  );
}
