import type { DisciplineQuestionsResponse } from '@gabarita/shared';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { AnswerMark } from '../../../components/ui/answer-mark';
import { QuestionStatusTag } from '../../../components/ui/question-status-tag';

type DisciplineQuestion = DisciplineQuestionsResponse['items'][number];

export function DisciplineQuestionCard({
  question,
  href,
}: {
  question: DisciplineQuestion;
  href: string;
}) {
  return (
    <Link
      to={href}
      className="group flex h-full flex-col rounded-xl border border-line bg-surface p-4 shadow-sm shadow-slate-900/[0.03] transition hover:border-primary/40 hover:shadow-md motion-reduce:transition-none"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-xs font-medium leading-5 text-ink-muted">{question.examLabel}</p>
        <span className="flex shrink-0 items-center gap-1">
          <AnswerMark response={question.response} />
          <ChevronRight className="size-4 text-ink-muted" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm font-semibold text-ink group-hover:text-primary-ink">
        Questão {question.number}
        <QuestionStatusTag status={question.status} />
      </p>
      <p className="mt-1 text-sm leading-5 text-ink-muted">{question.assunto}</p>
    </Link>
  );
}
