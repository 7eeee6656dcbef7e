import { useCallback, useState } from 'react';
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
 */

export { prefetchQuestionViewerData as prefetchPageData } from '@/features/questions/components/question-viewer';

/** One question's visit: whether a language model wrote about it goes into an error report. */
function QuestionVisit({ onHoldNavigation, ...props }: QuestionScreenProps) {
  const [aiUsed, setAiUsed] = useState(false);
  const markAiUsed = useCallback(() => setAiUsed(true), []);
  return (
    <QuestionView
      {...props}
      renderCompanions={({ question, answer, answerChosen }) => (
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
          />
        </>
      )}
    />
  );
}

export default function QuestionViewerPage() {
  return <QuestionViewer renderQuestion={(props) => <QuestionVisit {...props} />} />;
}
