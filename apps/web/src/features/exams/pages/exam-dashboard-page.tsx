import {
  CATALOG_MESSAGES,
  EXAM_KIND_LABELS,
  type ExamSource,
  type QuestionCard,
  STUDY_PARAMS,
  countLabel,
  PATHS,
} from '@gabarita/shared';
import {
  ArrowLeft,
  ChevronRight,
  FileQuestion,
  ListFilter,
  ScrollText,
  Split,
  Timer,
  X,
} from 'lucide-react';
import { Fragment, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AnswerMark } from '@/domain/questions/answer-mark';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { QuestionStatusTag } from '@/domain/questions/question-status-tag';
import { PageTitle } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { StatePanel } from '@/components/ui/state-panel';
import { examSimuladosPath, HIDE_OUTDATED, questionViewerPath } from '@/domain/study/study-links';
import { Card } from '@/components/ui/card';
import {
  examTitle,
  optionName,
  questionCountLabel,
  subjectBeside,
} from '@/domain/catalog/catalog-text';
import { ExamOptionChoice } from '@/domain/catalog/exam-option-choice';
import { useExamDetail } from '../api/exam-detail-api';
import { lastExamListPath } from '../hooks/use-exam-filters';
import { DemonstrationTag } from '../components/exam-card';

/** Back to the list the student came from: of the kind they had chosen there. */
function BackToExams() {
  return (
    <Link
      to={lastExamListPath()}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Voltar para as provas
    </Link>
  );
}

function FilterChip({
  label,
  value,
  onClear,
}: {
  label: string;
  value: string;
  onClear: () => void;
}) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary-soft py-1 pl-3 pr-1 text-sm text-primary-ink ring-1 ring-brand-200 dark:ring-brand-900">
      <span className="truncate">
        <span className="font-medium">{label}:</span> {value}
      </span>
      <button
        type="button"
        onClick={onClear}
        aria-label={`Remover filtro ${label}: ${value}`}
        className="flex size-6 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-brand-100 dark:hover:bg-brand-900"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </span>
  );
}

/** A question's option block (e.g. 'Inglês'): part of the chosen block, not of every candidate's exam. */
function OptionTag({ name }: { name: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
      <Split className="size-3" aria-hidden="true" />
      <span className="sr-only">Opção: </span>
      {name}
    </span>
  );
}

function QuestionTile({
  question,
  href,
  block,
}: {
  question: QuestionCard;
  href: string;
  /** The name of the question's option block; null for a question every candidate takes. */
  block: string | null;
}) {
  const annulled = question.status === 'annulled';
  return (
    <Link
      to={href}
      className={`group flex h-full flex-col rounded-xl border border-line p-4 shadow-sm shadow-slate-900/[0.03] transition hover:border-primary/40 hover:shadow-md motion-reduce:transition-none ${annulled ? 'bg-surface-muted/60' : 'bg-surface'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-ink group-hover:text-primary-ink">
            Questão {question.number}
          </span>
          <QuestionStatusTag status={question.status} />
          {block && <OptionTag name={block} />}
        </span>
        <span className="flex items-center gap-1">
          {/* An annulled question counts nowhere: no answer mark either. */}
          {!annulled && <AnswerMark response={question.response} />}
          <ChevronRight className="size-4 text-ink-muted" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 text-xs font-medium uppercase tracking-wide text-primary-ink">
        {question.disciplinaNome}
      </p>
      {subjectBeside(question.disciplinaNome, question.assunto) && (
        <p className="mt-1 text-sm leading-5 text-ink-muted">{question.assunto}</p>
      )}
    </Link>
  );
}

/** Where the exam came from and its licence, as the import file gives them. */
function SourceNote({ source }: { source: ExamSource }) {
  return (
    <p className="mt-3 flex items-start gap-2 text-sm leading-6 text-ink-muted">
      <ScrollText className="mt-1 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-medium text-ink">Fonte:</span>{' '}
        {source.url ? (
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary-ink underline underline-offset-2"
          >
            {source.origem}
          </a>
        ) : (
          source.origem
        )}
        {source.licenca && (
          <>
            {' · '}
            <span className="font-medium text-ink">Licença:</span> {source.licenca}
          </>
        )}
      </span>
    </p>
  );
}

function LoadingDashboard() {
  return (
    <div role="status">
      <span className="sr-only">Carregando prova...</span>
      <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
        <div className="h-8 w-2/3 rounded bg-surface-muted" />
        <div className="mt-3 h-4 w-1/3 rounded bg-surface-muted" />
        <div className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="h-24 rounded-xl border border-line bg-surface" />
          ))}
        </div>
      </div>
    </div>
  );
}

export default function ExamDashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const examId = searchParams.get(STUDY_PARAMS.exam) ?? '';
  const disciplina = searchParams.get(STUDY_PARAMS.discipline) ?? '';
  const assunto = searchParams.get(STUDY_PARAMS.subject) ?? '';
  const hideOutdated = searchParams.get(STUDY_PARAMS.outdated) === HIDE_OUTDATED;
  const detail = useExamDetail(examId);
  const [changingOption, setChangingOption] = useState(false);
  const choiceLine = useRef<HTMLParagraphElement>(null);
  // After the first choice or a change the form goes away: the focus lands on the line it left.
  const focusChoiceLine = () => requestAnimationFrame(() => choiceLine.current?.focus());
  const setHideOutdated = (hide: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (hide) next.set(STUDY_PARAMS.outdated, HIDE_OUTDATED);
        else next.delete(STUDY_PARAMS.outdated);
        return next;
      },
      { replace: true },
    );

  const clearParams = (...names: string[]) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of names) next.delete(name);
        return next;
      },
      { replace: true },
    );

  if (!examId) {
    return (
      <section aria-labelledby="page-title" className="space-y-6">
        <BackToExams />
        <PageTitle>Painel da prova</PageTitle>
        <StatePanel
          icon={FileQuestion}
          title={CATALOG_MESSAGES.noExamSelected}
          action={
            <Link to={PATHS.home.path} className={buttonClasses()}>
              Ver provas
            </Link>
          }
        >
          Escolha uma prova na lista de provas para ver as suas questões.
        </StatePanel>
      </section>
    );
  }

  if (detail.isPending) {
    return (
      <section aria-labelledby="page-title" className="space-y-6">
        <BackToExams />
        <PageTitle hidden>Painel da prova</PageTitle>
        <LoadingDashboard />
      </section>
    );
  }

  if (detail.isError) {
    return (
      <section aria-labelledby="page-title" className="space-y-6">
        <BackToExams />
        <PageTitle>Painel da prova</PageTitle>
        <QueryError
          message={CATALOG_MESSAGES.examLoadFailedSelected}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </section>
    );
  }

  const { exam } = detail.data;
  // An exam with option blocks is started by choosing one: the questions come after it.
  const needsChoice = exam.options.length > 0 && exam.chosenOption === null;
  const questions = detail.data.questions.filter(
    (question) => question.optionKey === null || question.optionKey === exam.chosenOption,
  );
  const chosenName = optionName(exam.options, exam.chosenOption);
  const matching = questions.filter(
    (question) =>
      (!disciplina || question.disciplina === disciplina) &&
      (!assunto || question.assunto === assunto),
  );
  const shown = matching.filter((question) => !(hideOutdated && question.status === 'outdated'));
  const disciplinaNome =
    questions.find((question) => question.disciplina === disciplina)?.disciplinaNome ?? disciplina;
  // Annulled questions are listed but count nowhere (docs/product-rules.md).
  const counted = shown.filter((question) => question.status !== 'annulled');
  const annulled = shown.length - counted.length;
  const correct = counted.filter((question) => question.response === 'c').length;
  const wrong = counted.filter((question) => question.response === 'e').length;
  const filtered = Boolean(disciplina || assunto || hideOutdated);
  // With option blocks the user's exam is the common questions and the chosen block's.
  const examTotal =
    exam.options.length > 0
      ? questions.filter((question) => question.status !== 'annulled').length
      : exam.questionCount;
  // Nível belongs to concursos (null for the other kinds), which say what they are instead.
  const metaParts = [
    exam.kind === 'concurso' ? null : EXAM_KIND_LABELS[exam.kind],
    exam.instituicao,
    exam.ano,
    exam.nivel,
  ].filter((part) => part !== null);

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <BackToExams />
      <header>
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium uppercase tracking-wide text-ink-muted">
          {metaParts.map((part, index) => (
            <Fragment key={index}>
              {index > 0 && <span aria-hidden="true">·</span>}
              <span>{part}</span>
            </Fragment>
          ))}
          {exam.demonstration && <DemonstrationTag />}
        </div>
        <div className="mt-2">
          <PageTitle>{examTitle(exam)}</PageTitle>
        </div>
        {!needsChoice && (
          <p className="mt-2 text-sm text-ink-muted">
            {questionCountLabel(counted.length)}
            {filtered && ` de ${questionCountLabel(examTotal)} da prova`}
            {annulled > 0 && ` · ${countLabel(annulled, 'anulada', 'anuladas')}`}
            {' · '}
            <span className="whitespace-nowrap text-emerald-700 dark:text-emerald-400">
              {countLabel(correct, 'certa', 'certas')}
            </span>
            {' · '}
            <span className="whitespace-nowrap text-red-700 dark:text-red-400">
              {countLabel(wrong, 'errada', 'erradas')}
            </span>
          </p>
        )}
        {exam.source && <SourceNote source={exam.source} />}
        {chosenName && !changingOption && (
          <p
            ref={choiceLine}
            tabIndex={-1}
            className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink focus-visible:outline-none"
          >
            <Split className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
            <span>
              <span className="font-medium">Sua opção:</span> {chosenName}
            </span>
            <Button variant="ghost" size="sm" onClick={() => setChangingOption(true)}>
              Trocar opção
            </Button>
          </p>
        )}
        {!needsChoice && counted.length > 0 && (
          <Link
            to={examSimuladosPath(exam.id)}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
          >
            <Timer className="size-4" aria-hidden="true" />
            Fazer como simulado
          </Link>
        )}
      </header>

      {(needsChoice || changingOption) && (
        <Card as="section" aria-label="Opção da prova">
          <ExamOptionChoice
            examId={exam.id}
            options={exam.options}
            current={exam.chosenOption}
            onDone={() => {
              setChangingOption(false);
              focusChoiceLine();
            }}
            onCancel={
              changingOption
                ? () => {
                    setChangingOption(false);
                    focusChoiceLine();
                  }
                : undefined
            }
          />
        </Card>
      )}

      {!needsChoice && exam.outdatedCount > 0 && (
        <CheckboxField checked={hideOutdated} onChange={setHideOutdated}>
          {CATALOG_MESSAGES.hideOutdated} ({exam.outdatedCount})
        </CheckboxField>
      )}

      {!needsChoice && (disciplina || assunto) && (
        <div
          className="flex flex-wrap items-center gap-2"
          aria-label="Filtros aplicados"
          role="group"
        >
          <ListFilter className="size-4 text-ink-muted" aria-hidden="true" />
          {disciplina && (
            <FilterChip
              label="Disciplina"
              value={disciplinaNome}
              onClear={() => clearParams(STUDY_PARAMS.discipline, STUDY_PARAMS.subject)}
            />
          )}
          {assunto && (
            <FilterChip
              label="Assunto"
              value={assunto}
              onClear={() => clearParams(STUDY_PARAMS.subject)}
            />
          )}
        </div>
      )}

      {needsChoice ? null : shown.length === 0 ? (
        <StatePanel
          icon={FileQuestion}
          action={
            <Button
              variant="secondary"
              onClick={() =>
                clearParams(STUDY_PARAMS.discipline, STUDY_PARAMS.subject, STUDY_PARAMS.outdated)
              }
            >
              Ver todas as questões da prova
            </Button>
          }
        >
          Nenhuma questão desta prova corresponde aos filtros escolhidos.
        </StatePanel>
      ) : (
        <ul aria-label="Questões da prova" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((question) => (
            <li key={question.id}>
              <QuestionTile
                question={question}
                href={questionViewerPath({
                  prova: exam.id,
                  disciplina,
                  assunto,
                  hideOutdated,
                  q: question.id,
                })}
                block={optionName(exam.options, question.optionKey)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
