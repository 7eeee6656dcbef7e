import type { DisciplineQuestionsResponse } from '@gabarita/shared';
import { QuestionCardLink } from '@/domain/questions/question-result-card';

type DisciplineQuestion = DisciplineQuestionsResponse['items'][number];

export function DisciplineQuestionCard({
  question,
  href,
}: {
  question: DisciplineQuestion;
  href: string;
}) {
  return (
    <QuestionCardLink question={question} href={href}>
      <p className="mt-1 text-sm leading-5 text-ink-muted">{question.assunto}</p>
    </QuestionCardLink>
  );
}
