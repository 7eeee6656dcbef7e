import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { errorMessage } from '../../../lib/api-client';
import { useIdleAfterPaint } from '../../../lib/use-idle-after-paint';
import { useOpenQuestion, useQuestion } from '../api/question-api';
import { useAnswerCheck } from '../hooks/use-answer-check';
import type { QuestionListItem } from '../hooks/use-question-list';
import { AlternativesGroup } from './alternatives-group';
import { CheckBar } from './check-bar';
import { CrowdStats } from './crowd-stats';
import { QuestionHeader } from './question-header';
import { QuestionReferenceTexts, QuestionStatement } from './question-statement';
import { ReportErrorButton } from './report-error-button';
import { TutorSlot } from './tutor-slot';

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

interface QuestionViewProps {
  item: QuestionListItem;
  /** 'n / total' */
  position: string;
  backLink: ReactNode;
  navigation: ReactNode;
  /** The tutor is writing: the page holds the navigation between questions meanwhile. */
  onTutorBusyChange: (busy: boolean) => void;
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
  onTutorBusyChange,
}: QuestionViewProps) {
  const question = useQuestion(item.id);
  const check = useAnswerCheck(item.id, question.data);
  useRegisterOpening(item.id);
  const [aiUsed, setAiUsed] = useState(false);
  const markAiUsed = useCallback(() => setAiUsed(true), []);

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
              disabled={data.status === 'annulled'}
            />
          </div>
          <CheckBar question={data} check={check} />
          <CrowdStats questionId={data.id} answer={check.answer} />
        </Card>
        <TutorSlot
          question={data}
          answer={check.answer}
          answerChosen={check.chosen !== null}
          onBusyChange={onTutorBusyChange}
          onAiUsed={markAiUsed}
        />
        <ReportErrorButton
          key={data.id}
          questionId={data.id}
          questionNumber={item.number}
          aiUsed={aiUsed}
        />
      </>
    );
  }

  return (
    <div className="space-y-5">
      {backLink}
      <QuestionHeader item={item} position={position} />
      {body}
      {navigation}
    </div>
  );
}
