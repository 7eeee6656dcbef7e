import { CATALOG_MESSAGES, plural, type QuestionDetail, PATHS } from '@gabarita/shared';
import { CircleCheck, CircleSlash, CircleX, Coins, Crown, Timer } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatInteger } from '@/lib/formatters';
import { useSession } from '@/domain/session/session';
import { useIdleAfterPaint } from '@/lib/use-idle-after-paint';
import { useQuestionChecks } from '../api/question-api';
import type { AnswerCheck } from '../hooks/use-answer-check';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';
import { closedToAnswers } from '@/domain/questions/question-state';

const CHECK_FAILED = 'Não foi possível verificar a resposta. Tente novamente.';

function ResultMessage({
  answer,
  resultRef,
}: {
  answer: CheckedAnswer;
  resultRef: Ref<HTMLDivElement>;
}) {
  const Icon = answer.correct ? CircleCheck : CircleX;
  return (
    <div
      ref={resultRef}
      tabIndex={-1}
      role="status"
      className={`flex items-center gap-2.5 rounded-xl border px-4 py-3 text-sm font-semibold focus-visible:outline-2 ${
        answer.correct
          ? 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200'
          : 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200'
      }`}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {answer.correct ? CATALOG_MESSAGES.correct : CATALOG_MESSAGES.wrong(answer.gabarito)}
    </div>
  );
}

function KeyboardHint({ letters }: { letters: string[] }) {
  return (
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
  );
}

/**
 * Free accounts see the day's checks left ('2 de 3 questões hoje'); past them, with a package that
 * can pay, what this question's check will spend, before it is spent: only while it is still to
 * be checked (`paysForCheck`), as checking again costs nothing (docs/product-rules.md,
 * "Answering questions").
 */
function FreeChecksLeft({ paysForCheck }: { paysForCheck: boolean }) {
  const session = useSession();
  const free = session.data?.user?.accountType === 'free';
  // The count beside the button comes once the question is on screen.
  const idle = useIdleAfterPaint();
  const checks = useQuestionChecks(free && idle);
  if (!free || !checks.data || checks.data.limit === null) return null;
  const { remaining, limit, packageCheckTokens } = checks.data;
  if (packageCheckTokens !== null && paysForCheck) {
    return (
      <p className="flex items-center gap-1.5 text-xs font-medium text-ink-muted sm:ml-auto">
        <Coins className="size-4 shrink-0 text-accent-ink" aria-hidden="true" />
        {CATALOG_MESSAGES.packageCheckCost(formatInteger(packageCheckTokens))}
      </p>
    );
  }
  return (
    <p className="text-xs font-medium text-ink-muted sm:ml-auto">
      <span className="sr-only">Verificações restantes na conta gratuita: </span>
      <span className="tabular-nums text-ink">{remaining ?? 0}</span> de{' '}
      <span className="tabular-nums">{limit}</span> {plural(limit, 'questão', 'questões')} hoje
    </p>
  );
}

/** Where a refused check says why: focused (and scrolled to) when it opens. */
function RefusalArea({
  refusalRef,
  children,
}: {
  refusalRef: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div ref={refusalRef} tabIndex={-1} className="scroll-mb-6 focus-visible:outline-none">
      {children}
    </div>
  );
}

/** 'Verificar Gabarito', then the result; a reopened question recalls the first answer. */
export function CheckBar({ question, check }: { question: QuestionDetail; check: AnswerCheck }) {
  const { answer } = check;
  const recorded = question.recordedAnswer;
  // Nothing to check (docs/product-rules.md, "Annulled and outdated questions", "Retired
  // questions": a retired question is checked again only by those who answered it).
  if (closedToAnswers(question)) {
    return (
      <p className="mt-5 flex items-center gap-2 text-sm font-medium text-ink-muted">
        <CircleSlash className="size-4 shrink-0" aria-hidden="true" />
        {question.status === 'annulled'
          ? CATALOG_MESSAGES.questionAnnulled
          : CATALOG_MESSAGES.questionRetired}
      </p>
    );
  }
  return (
    <>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          onClick={check.submit}
          disabled={!check.canCheck}
          busy={check.checking}
          className="sm:w-auto"
        >
          {CATALOG_MESSAGES.checkAnswer}
        </Button>
        {!answer && check.chosen === null && <KeyboardHint letters={check.letters} />}
        <FreeChecksLeft paysForCheck={!answer && !recorded} />
      </div>
      {recorded && !answer && (
        <p className="mt-4 text-sm text-ink-muted">
          {CATALOG_MESSAGES.recordedAnswer(recorded.letter, formatDate(recorded.answeredAt))}
        </p>
      )}
      {answer && (
        <div className="mt-4">
          <ResultMessage answer={answer} resultRef={check.resultRef} />
        </div>
      )}
      <RefusalArea refusalRef={check.refusalRef}>
        {check.limitTarget && (
          <Notice tone="warning" className="mt-4">
            <p>{CATALOG_MESSAGES.questionLimit}</p>
            <p className="mt-1 font-normal">
              Sua resposta {check.chosen ? `(${check.chosen}) ` : ''}fica guardada: depois de
              assinar, volte a esta questão para verificá-la.
            </p>
            <Link
              to={check.limitTarget.to}
              state={check.limitTarget.state}
              className={buttonClasses({ size: 'sm', className: 'mt-3' })}
            >
              <Crown className="size-4" aria-hidden="true" />
              Ver planos
            </Link>
          </Notice>
        )}
        {check.heldBySimulado && (
          <Notice tone="info" className="mt-4" role="alert">
            <p>{check.heldBySimulado}</p>
            <Link
              to={PATHS.simulados.path}
              className={buttonClasses({ size: 'sm', className: 'mt-3' })}
            >
              <Timer className="size-4" aria-hidden="true" />
              Ir para meus simulados
            </Link>
          </Notice>
        )}
        {check.failure && (
          <Notice tone="error" className="mt-4">
            {errorMessage(check.failure, CHECK_FAILED)}
          </Notice>
        )}
      </RefusalArea>
    </>
  );
}
