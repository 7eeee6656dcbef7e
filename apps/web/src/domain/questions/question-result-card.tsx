import type { QuestionCard, SearchQuestionCard } from '@gabarita/shared';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { subjectBeside } from '@/domain/catalog/catalog-text';
import { AnswerMark } from './answer-mark';
import { QuestionStatusTag } from './question-status-tag';

/**
 * A question in a list outside its exam, as a link: where it is from, the user's mark and its
 * number; `children` say what else the list shows of it.
 */
export function QuestionCardLink({
  question,
  href,
  children,
}: {
  question: QuestionCard & { examLabel: string };
  href: string;
  children: ReactNode;
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
      {children}
    </Link>
  );
}

/** A question in a result list: where it is from, its subject and the start of its statement. */
export function QuestionResultCard({
  question,
  href,
  aside,
}: {
  question: SearchQuestionCard;
  href: string;
  /** Shown under the statement (e.g. when the question is due for review). */
  aside?: ReactNode;
}) {
  return (
    <QuestionCardLink question={question} href={href}>
      <p className="mt-0.5 text-xs font-medium text-primary-ink">
        {[question.disciplinaNome, subjectBeside(question.disciplinaNome, question.assunto)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="mt-2 line-clamp-3 text-sm leading-6 text-ink-muted">{question.excerpt}</p>
      {aside}
    </QuestionCardLink>
  );
}
