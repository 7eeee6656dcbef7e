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
 * An exam with option blocks starts with the choice of the block, asked on its dashboard: until
 * then its questions (every block's) are not walked here. The dashboard's address, or null.
 */
function useChoiceFirst(): string | null {
  const [searchParams] = useSearchParams();
  const prova = searchParams.get(STUDY_PARAMS.exam) ?? '';
  const detail = useQuery({ ...examDetailQueryOptions(prova), enabled: prova !== '' });
  const exam = detail.data?.exam;
  if (!exam || exam.options.length === 0 || exam.chosenOption !== null) return null;
  return examDashboardPath({
    prova,
    disciplina: searchParams.get(STUDY_PARAMS.discipline) ?? '',
    assunto: searchParams.get(STUDY_PARAMS.subject) ?? '',
    hideOutdated: searchParams.get(STUDY_PARAMS.outdated) === HIDE_OUTDATED,
  });
}

export default function QuestionViewerPage() {
  const choiceFirst = useChoiceFirst();
  if (choiceFirst) return <Navigate to={choiceFirst} replace />;
  return <QuestionViewer renderQuestion={(props) => <QuestionVisit {...props} />} />;
}
