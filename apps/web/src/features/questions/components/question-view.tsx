import { CATALOG_MESSAGES, type QuestionDetail } from '@gabarita/shared';
import {
  BookText,
  CircleCheck,
  CircleX,
  CloudOff,
  Coins,
  MessageSquare,
  Sparkles,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { StatePanel } from '../../../components/ui/state-panel';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/formatters';
import { subscriptionLimitTarget } from '../../../lib/subscription-reason';
import { useCheckAnswer, useOpenQuestion, useQuestion } from '../api/question-api';
import type { QuestionListItem } from '../hooks/use-question-list';
import { AlternativesGroup, type CheckedAnswer } from './alternatives-group';
import { ComingSoonPanel } from './coming-soon-panel';
import { ReportErrorButton } from './report-error-button';
import { RichHtml } from './rich-html';

const CHECK_FAILED = 'Não foi possível verificar a resposta. Tente novamente.';
const QUESTION_LOAD_FAILED = 'Não foi possível carregar a questão. Tente novamente.';
const PREMIUM_SOON = 'Disponível em breve para assinantes Premium.';

/** Letter keys choose only when the focus is not in a field where letters are typed. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Keys pressed in a dialog (e.g. the error report) belong to it, not to the question behind.
  if (target.closest('[role="dialog"]')) return true;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type)
  );
}

function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-slate-900/[0.03] sm:p-6 ${className}`}
    >
      {children}
    </div>
  );
}

function ReferenceTexts({ texts }: { texts: QuestionDetail['referenceTexts'] }) {
  return (
    <section
      aria-label="Texto de referência"
      className="rounded-2xl border border-accent-200 bg-accent-soft p-5 sm:p-6 dark:border-accent-900/70"
    >
      <h2 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-accent-ink">
        <BookText className="size-4" aria-hidden="true" />
        {texts.length > 1 ? 'Textos de referência' : 'Texto de referência'}
      </h2>
      {/* A long text scrolls inside its box; keyboard users must be able to scroll it too. */}
      <div
        tabIndex={0}
        aria-label="Conteúdo do texto de referência"
        className="mt-3 max-h-[28rem] space-y-4 overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {texts.map((text, index) => (
          <div
            key={text.key}
            className={index > 0 ? 'border-t border-accent-200 pt-4 dark:border-accent-900/70' : ''}
          >
            <RichHtml html={text.html} />
          </div>
        ))}
      </div>
    </section>
  );
}

function QuestionImage({ image }: { image: NonNullable<QuestionDetail['image']> }) {
  return (
    <figure className="mt-5">
      <img
        src={image.url}
        alt={image.description}
        className="mx-auto max-h-[28rem] w-auto max-w-full rounded-lg border border-line bg-white object-contain"
      />
      <figcaption className="mt-2 text-sm text-ink-muted">
        <details>
          <summary className="cursor-pointer select-none font-medium text-ink-muted hover:text-ink">
            Descrição da imagem
          </summary>
          <p className="mt-1 leading-6">{image.description}</p>
        </details>
      </figcaption>
    </figure>
  );
}

function ResultMessage({
  answer,
  resultRef,
}: {
  answer: CheckedAnswer;
  resultRef: Ref<HTMLDivElement>;
}) {
  const correct = answer.correct;
  const Icon = correct ? CircleCheck : CircleX;
  return (
    <div
      ref={resultRef}
      tabIndex={-1}
      role="status"
      className={`flex items-center gap-2.5 rounded-xl border px-4 py-3 text-sm font-semibold focus-visible:outline-2 ${
        correct
          ? 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200'
          : 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200'
      }`}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {correct ? CATALOG_MESSAGES.correct : CATALOG_MESSAGES.wrong(answer.gabarito)}
    </div>
  );
}

function LoadingQuestion() {
  return (
    <div role="status">
      <span className="sr-only">Carregando questão...</span>
      <Card className="animate-pulse motion-reduce:animate-none">
        <div aria-hidden="true">
          <div className="h-4 w-full rounded bg-surface-muted" />
          <div className="mt-2 h-4 w-11/12 rounded bg-surface-muted" />
          <div className="mt-2 h-4 w-2/3 rounded bg-surface-muted" />
          <div className="mt-8 space-y-2.5">
            {[0, 1, 2, 3].map((index) => (
              <div key={index} className="h-14 rounded-xl border border-line" />
            ))}
          </div>
        </div>
      </Card>
    </div>
  );
}

interface QuestionViewProps {
  item: QuestionListItem;
  /** 'n / total' */
  position: string;
  backLink: ReactNode;
  navigation: ReactNode;
}

/**
 * One question. The page mounts it with `key={questionId}`, so moving to another question starts
 * from a clean state (no selection, button enabled) as the spec's answer states require.
 */
export function QuestionView({ item, position, backLink, navigation }: QuestionViewProps) {
  const navigate = useNavigate();
  const question = useQuestion(item.id);
  const openQuestion = useOpenQuestion();
  const check = useCheckAnswer(item.id);
  const [selected, setSelected] = useState<string | null>(null);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const openedRef = useRef<string | null>(null);

  const detail = question.data;
  const answer: CheckedAnswer | null =
    check.data && check.variables
      ? {
          chosenLetter: check.variables,
          gabarito: check.data.gabarito,
          correct: check.data.correct,
        }
      : null;
  const chosen = answer?.chosenLetter ?? selected;
  const locked = answer !== null;
  const canCheck = !!detail && chosen !== null && answer === null && !check.isPending;

  // Each view of a question is registered once in the history (StrictMode re-runs effects).
  const { mutate: registerOpen } = openQuestion;
  useEffect(() => {
    if (openedRef.current === item.id) return;
    openedRef.current = item.id;
    registerOpen(item.id);
  }, [item.id, registerOpen]);

  const submit = () => {
    if (!canCheck || chosen === null) return;
    check.mutate(chosen, {
      onSuccess: () => {
        // The radios are now disabled; the result takes the focus so it is read out.
        requestAnimationFrame(() => resultRef.current?.focus());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402 && error.code === 'limit/question') {
          const target = subscriptionLimitTarget('question_limit');
          void navigate(target.to, { state: target.state });
        }
      },
    });
  };

  // Letter keys A–E choose an alternative anywhere on the page.
  const letters = detail?.alternatives.map((alternative) => alternative.letter) ?? [];
  const lettersKey = letters.join('');
  useEffect(() => {
    if (!lettersKey || locked) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typesText(event.target)) return;
      const letter = event.key.toUpperCase();
      if (event.key.length !== 1 || !lettersKey.includes(letter)) return;
      event.preventDefault();
      setSelected(letter);
      groupRef.current?.querySelector<HTMLInputElement>(`input[value="${letter}"]`)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [lettersKey, locked]);

  let body: ReactNode;
  if (question.isPending) {
    body = <LoadingQuestion />;
  } else if (question.isError) {
    body = (
      <StatePanel
        icon={CloudOff}
        tone="error"
        action={
          <Button onClick={() => void question.refetch()} disabled={question.isFetching}>
            {question.isFetching && <Spinner className="size-4" inheritColor />}
            Tentar novamente
          </Button>
        }
      >
        {errorMessage(question.error, QUESTION_LOAD_FAILED)}
      </StatePanel>
    );
  } else {
    const data = question.data;
    const limitReached = check.error instanceof ApiError && check.error.code === 'limit/question';
    body = (
      <>
        {data.referenceTexts.length > 0 && <ReferenceTexts texts={data.referenceTexts} />}
        <Card>
          <section aria-label="Enunciado">
            <RichHtml html={data.statementHtml} />
            {data.image && <QuestionImage image={data.image} />}
          </section>
          <div className="mt-6 border-t border-line pt-5">
            <AlternativesGroup
              name={`alternativa-${data.id}`}
              alternatives={data.alternatives}
              selected={chosen}
              onSelect={setSelected}
              onSubmit={submit}
              answer={answer}
              groupRef={groupRef}
            />
          </div>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button onClick={submit} disabled={!canCheck} className="sm:w-auto">
              {check.isPending && <Spinner className="size-4" inheritColor />}
              {CATALOG_MESSAGES.checkAnswer}
            </Button>
            {!answer && chosen === null && (
              <p className="text-xs text-ink-muted">
                Escolha uma alternativa (teclas{' '}
                {letters.map((letter, index) => (
                  <span key={letter}>
                    {index > 0 && (index === letters.length - 1 ? ' ou ' : ', ')}
                    <kbd className="rounded border border-line bg-surface-muted px-1 font-sans text-[11px] font-semibold">
                      {letter}
                    </kbd>
                  </span>
                ))}
                ) e confirme com Enter.
              </p>
            )}
          </div>
          {data.recordedAnswer && !answer && (
            <p className="mt-4 text-sm text-ink-muted">
              {CATALOG_MESSAGES.recordedAnswer(
                data.recordedAnswer.letter,
                formatDate(data.recordedAnswer.answeredAt),
              )}
            </p>
          )}
          {answer && (
            <div className="mt-4">
              <ResultMessage answer={answer} resultRef={resultRef} />
            </div>
          )}
          {check.isError && !limitReached && (
            <Notice tone="error" className="mt-4">
              {errorMessage(check.error, CHECK_FAILED)}
            </Notice>
          )}
        </Card>

        <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          <ComingSoonPanel icon={Sparkles} title="Explicação com IA" note={PREMIUM_SOON} />
          <ComingSoonPanel icon={MessageSquare} title="Chat com a IA" note={PREMIUM_SOON} />
          <ComingSoonPanel icon={Coins} title="Contador de tokens" note={PREMIUM_SOON} />
        </div>
        <ReportErrorButton key={data.id} questionId={data.id} questionNumber={item.number} />
      </>
    );
  }

  return (
    <div className="space-y-5">
      {backLink}
      <header className="rounded-2xl border border-line bg-surface p-5 shadow-sm shadow-slate-900/[0.03] sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <p className="min-w-0 text-xs font-medium uppercase leading-5 tracking-wide text-ink-muted">
            {item.examLabel}
          </p>
          <span className="shrink-0 rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-semibold tabular-nums text-ink-muted">
            <span className="sr-only">Questão </span>
            {position}
          </span>
        </div>
        <h1 id="page-title" className="mt-2 text-2xl font-semibold tracking-tight text-ink">
          Questão {item.number}
        </h1>
        <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
          <span className="rounded-full bg-primary-soft px-2.5 py-1 text-primary-ink ring-1 ring-brand-200 dark:ring-brand-900">
            {item.disciplinaNome}
          </span>
          <span className="rounded-full bg-surface-muted px-2.5 py-1 text-ink-muted ring-1 ring-line">
            {item.assunto}
          </span>
        </div>
      </header>
      {body}
      {navigation}
    </div>
  );
}
