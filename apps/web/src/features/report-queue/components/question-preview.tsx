import { CircleCheck, ExternalLink, FilePenLine } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-error';
import { questionEditorPath } from '@/domain/editorial/editorial-links';
import { AlternativesGroup } from '@/domain/questions/alternatives-group';
import { useQuestion } from '@/domain/questions/question-queries';
import { QuestionReferenceTexts, QuestionStatement } from '@/domain/questions/question-statement';
import { questionViewerPath } from '@/domain/study/study-links';
import { errorMessage } from '@/lib/api-client';

const QUESTION_LOAD_FAILED = 'Não foi possível carregar a questão. Tente novamente.';

const ignore = () => {};

/**
 * The question as students see it (reference texts, statement, alternatives), with the official
 * key marked, which students only see after checking.
 */
export function QuestionPreview({
  questionId,
  examId,
  answerLetter,
  editLabel = 'Editar a questão',
}: {
  questionId: string;
  examId: string;
  answerLetter: string;
  /** What the editor's link says (what the report asks the editor to do there). */
  editLabel?: string;
}) {
  const question = useQuestion(questionId);

  if (question.isPending) {
    return (
      <div role="status" className="space-y-2.5">
        <span className="sr-only">Carregando questão...</span>
        <div aria-hidden="true" className="animate-pulse space-y-2.5 motion-reduce:animate-none">
          <div className="h-4 w-full rounded bg-surface-muted" />
          <div className="h-4 w-2/3 rounded bg-surface-muted" />
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="h-12 rounded-xl border border-line" />
          ))}
        </div>
      </div>
    );
  }
  if (question.isError) {
    return (
      <QueryError
        message={errorMessage(question.error, QUESTION_LOAD_FAILED)}
        onRetry={() => void question.refetch()}
        retrying={question.isFetching}
      />
    );
  }

  const data = question.data;
  return (
    <div className="space-y-5">
      <QuestionReferenceTexts question={data} headingLevel={4} />
      <QuestionStatement question={data} />
      <AlternativesGroup
        name={`gabarito-${data.id}`}
        alternatives={data.alternatives}
        selected={null}
        onSelect={ignore}
        onSubmit={ignore}
        answer={{ chosenLetter: '', gabarito: answerLetter, correct: false }}
        figures={data.figures}
      />
      <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <p className="inline-flex shrink-0 items-center gap-2 whitespace-nowrap text-sm font-semibold text-emerald-700 dark:text-emerald-300">
          <CircleCheck className="size-4" aria-hidden="true" />
          Gabarito: {answerLetter}
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={questionViewerPath({ prova: examId, q: questionId })}
            target="_blank"
            rel="noopener"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Abrir no visualizador
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
          <Link
            to={questionEditorPath(questionId)}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            <FilePenLine className="size-4" aria-hidden="true" />
            {editLabel}
          </Link>
        </div>
      </div>
    </div>
  );
}
