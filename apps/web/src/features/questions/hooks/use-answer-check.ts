import { type QuestionDetail, SIMULADO_IN_PROGRESS_CODE } from '@gabarita/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { readStored, writeStored } from '@/lib/browser-storage';
import { scrollBehavior } from '@/lib/motion';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { subscriptionLimitTarget } from '@/domain/plans/subscription-reason';
import { useCheckAnswer } from '../api/question-api';
import type { CheckedAnswer } from '@/domain/questions/alternatives-group';
import { closedToAnswers } from '@/domain/questions/question-state';
import { useLetterKeys } from '@/domain/questions/use-letter-keys';

function readPendingChoice(questionId: string): string | null {
  return readStored(STORAGE_KEYS.pendingChoice(questionId), 'sessionStorage');
}

function writePendingChoice(questionId: string, letter: string | null): void {
  writeStored(STORAGE_KEYS.pendingChoice(questionId), letter, 'sessionStorage');
}

/**
 * The answer states of one question: no selection, selected, then checked (locked until the user
 * moves on). Letter keys A–E choose anywhere on the page. A free account past its daily checks
 * keeps its choice and is offered the plans, with the way back to this question, where the choice
 * is waiting (docs/product-rules.md, "Answering questions").
 */
export function useAnswerCheck(questionId: string, question: QuestionDetail | undefined) {
  const location = useLocation();
  const check = useCheckAnswer(questionId);
  const [selected, setSelected] = useState<string | null>(() => readPendingChoice(questionId));
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  /** Whatever stopped a check (the free limit, a simulado, a failure): shown where one looks. */
  const refusalRef = useRef<HTMLDivElement>(null);

  const answer: CheckedAnswer | null =
    check.data && check.variables
      ? {
          chosenLetter: check.variables,
          gabarito: check.data.gabarito,
          correct: check.data.correct,
        }
      : null;
  const chosen = answer?.chosenLetter ?? selected;
  // An annulled question is read, never answered; a retired one only re-checked.
  const locked = answer !== null || (!!question && closedToAnswers(question));
  const canCheck = !!question && chosen !== null && !locked && !check.isPending;
  const limitReached = check.error instanceof ApiError && check.error.code === 'limit/question';
  // A running simulado holds this question: its key comes with the simulado's end.
  const heldBySimulado =
    check.error instanceof ApiError && check.error.code === SIMULADO_IN_PROGRESS_CODE
      ? check.error.message
      : null;

  // The plans page offers the way back to this very question.
  const limitTarget = limitReached
    ? subscriptionLimitTarget('question_limit', `${location.pathname}${location.search}`)
    : null;

  const submit = () => {
    if (!canCheck || chosen === null) return;
    check.mutate(chosen, {
      onSuccess: () => writePendingChoice(questionId, null),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402 && error.code === 'limit/question') {
          writePendingChoice(questionId, chosen);
        }
      },
    });
  };

  // After the render that shows them: the mutation's callbacks run before the app has rendered
  // the answer, so anything they looked for was not on screen yet.
  useEffect(() => {
    // The radios are now disabled; the result takes the focus so it is read out.
    if (check.data) resultRef.current?.focus();
  }, [check.data]);
  useEffect(() => {
    if (!check.error) return;
    // It may open below the fold: brought into view and focused, so it is seen and read out.
    refusalRef.current?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
    refusalRef.current?.focus({ preventScroll: true });
  }, [check.error]);

  const letters = question?.alternatives.map((alternative) => alternative.letter) ?? [];
  useLetterKeys(letters, !locked, (letter) => {
    setSelected(letter);
    groupRef.current?.querySelector<HTMLInputElement>(`input[value="${letter}"]`)?.focus();
  });

  return {
    chosen,
    select: setSelected,
    answer,
    letters,
    canCheck,
    checking: check.isPending,
    /** A failure other than the free limit and a running simulado. */
    failure: check.isError && !limitReached && !heldBySimulado ? check.error : null,
    /** Why a running simulado keeps the check for itself. */
    heldBySimulado,
    /** The free limit stopped the check: where the plans are, with the way back. */
    limitTarget,
    submit,
    groupRef,
    resultRef,
    refusalRef,
  };
}

export type AnswerCheck = ReturnType<typeof useAnswerCheck>;
