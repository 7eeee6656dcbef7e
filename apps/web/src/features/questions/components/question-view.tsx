import type { QuestionDetail } from '@gabarita/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { errorMessage } from '@/lib/api-client';
import { useIdleAfterPaint } from '@/lib/use-idle-after-paint';
import { useQuestion, useQuestionCommentary } from '@/domain/questions/question-queries';
import { useOpenQuestion } from '../api/question-api';
import { useAnswerCheck } from '../hooks/use-answer-check';
import type { QuestionListItem } from '../hooks/use-question-list';
import { AlternativesGroup, type CheckedAnswer } from '@/domain/questions/alternatives-group';
import { closedToAnswers } from '@/domain/questions/question-state';
import { CheckBar } from './check-bar';
import { CrowdStats } from './crowd-stats';
import { QuestionCommentary } from './question-commentary';
import { QuestionHeader } from './question-header';
import { QuestionReferenceTexts, QuestionStatement } from '@/domain/questions/question-statement';

const QUESTION_LOAD_FAILED = 'Não foi possível carregar a questão. Tente novamente.';

/** A screen tall, so the navigation and the footer below do not jump when the question arrives. */
function LoadingQuestion() {
  return (
    <div role="status">
      <span className="sr-only">Carregando questão...</span>
      <Card className="min-h-dvh animate-pulse motion-reduce:animate-none">
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

/**
 * Each view of a question is registered once in the history (StrictMode re-runs effects), once the
 * question is on screen and the browser idle.
 */
function useRegisterOpening(questionId: string) {
  const { mutate: registerOpen } = useOpenQuestion();
  const idle = useIdleAfterPaint();
  const openedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!idle || openedRef.current === questionId) return;
    openedRef.current = questionId;
    registerOpen(questionId);
  }, [idle, questionId, registerOpen]);
}

/** A loaded question and this visit's answer, for what the page shows under it. */
export interface QuestionCompanionsContext {
  question: QuestionDetail;
  /** The checked answer of this visit. */
  answer: CheckedAnswer | null;
  /** An alternative is chosen: a check may come next. */
  answerChosen: boolean;
  /** Whether the question has the team's comment; null until the answer is checked and it is known. */
  comment: 'present' | 'missing' | null;
}

interface QuestionViewProps {
  item: QuestionListItem;
  /** 'n / total' */
  position: string;
  backLink: ReactNode;
  navigation: ReactNode;
  /** What follows the question once loaded (the tutor, the error report). */
  renderCompanions: (context: QuestionCompanionsContext) => ReactNode;
  /** Under a checked question the team has not commented: the way to ask for the comment. */
  renderCommentRequest?: (questionId: string) => ReactNode;
}

/**
 * One question. The page mounts it with `key={questionId}`, so moving to another question starts
 * from a clean state (no selection, button enabled) as the answer states require.
 */
export function QuestionView({
  item,
  position,
  backLink,
  navigation,
  renderCompanions,
  renderCommentRequest,
}: QuestionViewProps) {
  const question = useQuestion(item.id);
  const check = useAnswerCheck(item.id, question.data);
  const commentary = useQuestionCommentary(item.id, check.answer !== null);
  useRegisterOpening(item.id);
  const comment =
    check.answer && commentary.data ? (commentary.data.available ? 'present' : 'missing') : null;

  let body: ReactNode;
  if (question.isPending) {
    body = <LoadingQuestion />;
  } else if (question.isError) {
    body = (
      <QueryError
        message={errorMessage(question.error, QUESTION_LOAD_FAILED)}
        onRetry={() => void question.refetch()}
        retrying={question.isFetching}
      />
    );
  } else {
    const data = question.data;
    body = (
      <>
        <QuestionReferenceTexts question={data} />
        <Card>
          <QuestionStatement question={data} />
          <div className="mt-6 border-t border-line pt-5">
            <AlternativesGroup
              name={`alternativa-${data.id}`}
              alternatives={data.alternatives}
              selected={check.chosen}
              onSelect={check.select}
              onSubmit={check.submit}
              answer={check.answer}
              groupRef={check.groupRef}
              figures={data.figures}
              disabled={closedToAnswers(data)}
            />
          </div>
          <CheckBar question={data} check={check} />
          {/* Without a comment, the crowd's answers go with the key in its place below. */}
          {(comment === 'present' || commentary.isError) && (
            <CrowdStats questionId={data.id} answer={check.answer} />
          )}
        </Card>
        <QuestionCommentary
          questionId={data.id}
          answer={check.answer}
          crowd={<CrowdStats questionId={data.id} answer={check.answer} />}
          request={renderCommentRequest?.(data.id)}
        />
        {renderCompanions({
          question: data,
          answer: check.answer,
          answerChosen: check.chosen !== null,
          comment,
        })}
      </>
    );
  }

  // The detail names the block whatever the list; the exam's list does while the detail loads.
  const optionName = question.data
    ? (question.data.option?.name ?? null)
    : (item.optionName ?? null);

  return (
    <div className="space-y-5">
      {backLink}
      <QuestionHeader item={item} position={position} optionName={optionName} />
      {body}
      {navigation}
    </div>
  );
}
