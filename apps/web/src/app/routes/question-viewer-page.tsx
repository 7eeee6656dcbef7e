import { STUDY_PARAMS } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { examDetailQueryOptions } from '@/domain/catalog/catalog-queries';
import { examDashboardPath, HIDE_OUTDATED } from '@/domain/study/study-links';
import { MissingCommentButton } from '@/features/error-reports/components/missing-comment-button';
import { ReportErrorButton } from '@/features/error-reports/components/report-error-button';
import { QuestionView } from '@/features/questions/components/question-view';
import {
  QuestionViewer,
  type QuestionScreenProps,
} from '@/features/questions/components/question-viewer';
import { TutorSlot } from '@/features/tutor/components/tutor-slot';

/*
 * /questoes: the question viewer (questions) with the tutor (tutor) and the error report
 * (error-reports) beside each question. Features do not import each other, so they meet here.
 * An exam's questions wait for the choice of its option block (exams' dashboard).
 */

export { prefetchQuestionViewerData as prefetchPageData } from '@/features/questions/components/question-viewer';

/** One question's visit: whether a language model wrote about it goes into an error report. */
function QuestionVisit({ onHoldNavigation, ...props }: QuestionScreenProps) {
  const [aiUsed, setAiUsed] = useState(false);
  const markAiUsed = useCallback(() => setAiUsed(true), []);
  return (
    <QuestionView
      {...props}
      renderCommentRequest={(questionId) => <MissingCommentButton questionId={questionId} />}
      renderCompanions={({ question, answer, answerChosen, comment }) => (
        <>
          <TutorSlot
            question={question}
            answer={answer}
            answerChosen={answerChosen}
            onBusyChange={onHoldNavigation}
            onAiUsed={markAiUsed}
          />
          <ReportErrorButton
            key={question.id}
            questionId={question.id}
            questionNumber={props.item.number}
            aiUsed={aiUsed}
            comment={comment}
          />
        </>
      )}
    />
  );
}

/**
 * An exam with option blocks asks for the choice of the block, on its dashboard, when one of its
 * block's questions is about to open; a common question (a shared link, or the walk starting on
 * one) opens whatever the choice (docs/product-rules.md, "Exam kinds and option blocks"). The
 * dashboard's address, or null.
 */
function useChoiceFirst(): string | null {
  const [searchParams] = useSearchParams();
  const prova = searchParams.get(STUDY_PARAMS.exam) ?? '';
  const disciplina = searchParams.get(STUDY_PARAMS.discipline) ?? '';
  const assunto = searchParams.get(STUDY_PARAMS.subject) ?? '';
  const hideOutdated = searchParams.get(STUDY_PARAMS.outdated) === HIDE_OUTDATED;
  const currentId = searchParams.get(STUDY_PARAMS.question) ?? '';
  const detail = useQuery({ ...examDetailQueryOptions(prova), enabled: prova !== '' });
  const data = detail.data;
  if (!data || data.exam.options.length === 0 || data.exam.chosenOption !== null) return null;
  // The question the viewer opens: the one in the address, else the first of the walk (as
  // use-question-list.ts filters it).
  const opening =
    data.questions.find((question) => question.id === currentId) ??
    data.questions.find(
      (question) =>
        (!disciplina || question.disciplina === disciplina) &&
        (!assunto || question.assunto === assunto) &&
        !(hideOutdated && question.status === 'outdated'),
    );
  if (!opening || opening.optionKey === null) return null;
  return examDashboardPath({ prova, disciplina, assunto, hideOutdated });
}

export default function QuestionViewerPage() {
  const choiceFirst = useChoiceFirst();
  if (choiceFirst) return <Navigate to={choiceFirst} replace />;
  return <QuestionViewer renderQuestion={(props) => <QuestionVisit {...props} />} />;
}
