import type { ExamCard as ExamCardData } from '@gabarita/shared';
import { ChevronRight, Eye, FileText, Split, Target } from 'lucide-react';
import { Link } from 'react-router';
import { cardClasses } from '@/components/ui/card';
import { examDashboardPath } from '@/domain/study/study-links';
import { examOptionsLabel, examTitle, questionCountLabel } from '@/domain/catalog/catalog-text';

export const IN_HISTORY_LABEL = 'Você já abriu esta prova';

interface ExamCardProps {
  exam: ExamCardData;
  /** The filtered discipline and subject: they travel to the dashboard and name the matching count. */
  disciplina: string;
  disciplinaNome: string;
  assunto: string;
}

export function DemonstrationTag() {
  return (
    <span className="inline-flex items-center rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-semibold text-accent-ink ring-1 ring-accent-200 dark:ring-accent-900">
      Prova de demonstração
    </span>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-ink">{value}</dd>
    </div>
  );
}

export function ExamCard({ exam, disciplina, disciplinaNome, assunto }: ExamCardProps) {
  const concurso = exam.kind === 'concurso';
  const matching =
    disciplina && exam.matchingQuestionCount !== null
      ? `${questionCountLabel(exam.matchingQuestionCount)} de ${disciplinaNome}${assunto ? ` (${assunto})` : ''}`
      : null;

  return (
    <Link
      to={examDashboardPath({ prova: exam.id, disciplina, assunto })}
      className={cardClasses({
        padding: 'none',
        className:
          'group flex h-full flex-col p-5 transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0',
      })}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* Concursos are named by cargo and órgão; the other kinds have neither (null). */}
          <h2 className="text-base font-semibold leading-6 text-ink group-hover:text-primary-ink">
            {concurso && exam.cargo ? exam.cargo : examTitle(exam)}
          </h2>
          {concurso && exam.orgao && (
            <p className="mt-0.5 text-sm leading-5 text-ink-muted">{exam.orgao}</p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {exam.inHistory && (
            <span
              role="img"
              aria-label={IN_HISTORY_LABEL}
              title={IN_HISTORY_LABEL}
              className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
            >
              <Eye className="size-4" aria-hidden="true" />
            </span>
          )}
          <ChevronRight
            className="size-5 text-ink-muted transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
            aria-hidden="true"
          />
        </div>
      </div>

      {exam.demonstration && (
        <div className="mt-2">
          <DemonstrationTag />
        </div>
      )}

      {exam.options.length > 0 && (
        <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-ink">
          <Split className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
          <span>
            <span className="font-medium">Opções:</span> {examOptionsLabel(exam.options)}
          </span>
        </p>
      )}

      {/* The board's name gets the room it needs and wraps rather than being cut. */}
      <dl className="mb-4 mt-4 grid grid-cols-[minmax(0,1fr)_auto_auto] gap-x-5 gap-y-3">
        <Detail label="Banca" value={exam.instituicao} />
        <Detail label="Ano" value={exam.ano} />
        {exam.nivel && <Detail label="Nível" value={exam.nivel} />}
      </dl>

      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1.5 border-t border-line pt-3 text-sm">
        <span className="inline-flex items-center gap-1.5 text-ink-muted">
          <FileText className="size-4" aria-hidden="true" />
          {questionCountLabel(exam.questionCount)}
        </span>
        {matching && (
          <span className="inline-flex items-center gap-1.5 font-medium text-primary-ink">
            <Target className="size-4" aria-hidden="true" />
            {matching}
          </span>
        )}
      </div>
    </Link>
  );
}
