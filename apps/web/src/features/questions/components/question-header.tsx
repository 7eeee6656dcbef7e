import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page';
import { subjectBeside } from '@/domain/catalog/catalog-text';
import { QuestionStatusTag } from '@/domain/questions/question-status-tag';
import type { QuestionListItem } from '../hooks/use-question-list';

interface QuestionHeaderProps {
  item: QuestionListItem;
  position: string;
  /** The question's option block name (from its detail), e.g. 'Inglês'; null: a common question. */
  optionName: string | null;
}

/** Exam, position ('n / total'), question number, discipline, subject and option block. */
export function QuestionHeader({ item, position, optionName }: QuestionHeaderProps) {
  const subject = subjectBeside(item.disciplinaNome, item.assunto);
  return (
    <Card as="header">
      <div className="flex items-start justify-between gap-4">
        <p className="min-w-0 text-xs font-medium uppercase leading-5 tracking-wide text-ink-muted">
          {item.examLabel}
        </p>
        <span className="shrink-0 rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-semibold tabular-nums text-ink-muted">
          <span className="sr-only">Questão </span>
          {position}
        </span>
      </div>
      <PageTitle className="mt-2">Questão {item.number}</PageTitle>
      <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
        <span className="rounded-full bg-primary-soft px-2.5 py-1 text-primary-ink ring-1 ring-brand-200 dark:ring-brand-900">
          {item.disciplinaNome}
        </span>
        {subject && (
          <span className="rounded-full bg-surface-muted px-2.5 py-1 text-ink-muted ring-1 ring-line">
            {subject}
          </span>
        )}
        {optionName && (
          <span className="rounded-full bg-accent-soft px-2.5 py-1 text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
            Opção: {optionName}
          </span>
        )}
        <QuestionStatusTag status={item.status} className="px-2.5 py-1" />
      </div>
    </Card>
  );
}
