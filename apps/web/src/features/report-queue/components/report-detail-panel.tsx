import { MISSING_COMMENT_REPORT_TYPE, type ReportDetail } from '@gabarita/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { questionEditorPath } from '@/domain/editorial/editorial-links';
import { ReportStatusBadge } from '@/domain/error-reports/report-status-badge';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { useReportDetail } from '../api/report-queue-api';
import { QuestionPreview } from './question-preview';
import { ReplyForm } from './reply-form';
import { ReportFlags, ReportList } from './report-list';
import { StatusForm } from './status-form';

const DETAIL_LOAD_FAILED = 'Não foi possível carregar o reporte. Tente novamente.';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-1 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-line px-4 py-5 sm:px-6">
      <h3 id={id} className="mb-4 text-base font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ReportFacts({ detail }: { detail: ReportDetail }) {
  const { report, reporter } = detail;
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      <Field label="Estudante">
        <span className="block font-medium">{reporter.name}</span>
        <a
          href={`mailto:${reporter.email}`}
          className="text-primary-ink underline underline-offset-2 hover:no-underline"
        >
          {reporter.email}
        </a>
      </Field>
      <Field label="Enviado em">{formatDateTime(report.createdAt)}</Field>
      <Field label="Disciplina">{report.disciplineName}</Field>
      {detail.handledBy && <Field label="Tratado por">{detail.handledBy}</Field>}
      {detail.fixedInVersion !== null && (
        <Field label="Correção">
          Versão {detail.fixedInVersion} da questão ·{' '}
          <Link
            to={questionEditorPath(report.questionId)}
            className="text-primary-ink underline underline-offset-2 hover:no-underline"
          >
            ver no editor
          </Link>
        </Field>
      )}
      {report.text && (
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted">
            Descrição do estudante
          </dt>
          <dd className="mt-1 whitespace-pre-line break-words rounded-lg bg-surface-muted/60 px-3 py-2 text-sm leading-6 text-ink">
            {report.text}
          </dd>
        </div>
      )}
    </dl>
  );
}

interface ReportDetailPanelProps {
  reportId: string;
  /** Narrow screens: the detail took the list's place, and this brings the list back. */
  onBack?: () => void;
  /** The editor chose this report: the focus moves to its heading once it is on screen. */
  focusOnLoad: boolean;
  hrefOf: (reportId: string) => string;
  onSelect: (reportId: string) => void;
}

/**
 * One report: what was reported and by whom, the question as students see it with its key, the
 * other reports on it, then the status and the reply. Mounted per report (key), so forms start
 * clean.
 */
export function ReportDetailPanel({
  reportId,
  onBack,
  focusOnLoad,
  hrefOf,
  onSelect,
}: ReportDetailPanelProps) {
  const detail = useReportDetail(reportId);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);

  useEffect(() => {
    if (!focusOnLoad || focused.current || detail.isPending) return;
    focused.current = true;
    headingRef.current?.focus();
  }, [focusOnLoad, detail.isPending]);

  const data = detail.data;
  return (
    <Card as="section" padding="none" aria-labelledby={headingId} className="min-w-0">
      <header className="px-4 py-4 sm:px-6">
        {onBack && (
          <Button
            variant="ghost"
            size="sm"
            icon={ArrowLeft}
            onClick={onBack}
            className="-ml-2 mb-2"
          >
            Voltar à lista
          </Button>
        )}
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold leading-7 text-ink focus-visible:outline-none"
        >
          {data ? data.report.type : 'Reporte de erro'}
        </h2>
        {data && (
          <div className="mt-2 space-y-2">
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
              <ReportStatusBadge status={data.report.status} />
              <span className="first-letter:uppercase">{data.report.questionLabel}</span>
            </p>
            <ReportFlags item={data.report} />
          </div>
        )}
      </header>

      {detail.isPending && (
        <div role="status" className="border-t border-line px-4 py-5 sm:px-6">
          <span className="sr-only">Carregando reporte...</span>
          <div aria-hidden="true" className="animate-pulse space-y-3 motion-reduce:animate-none">
            <div className="h-4 w-1/2 rounded bg-surface-muted" />
            <div className="h-4 w-2/3 rounded bg-surface-muted" />
            <div className="h-24 rounded-xl bg-surface-muted" />
          </div>
        </div>
      )}
      {detail.isError && (
        <div className="border-t border-line p-4 sm:p-6">
          <QueryError
            message={errorMessage(detail.error, DETAIL_LOAD_FAILED)}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        </div>
      )}
      {data && (
        <>
          <DetailSection title="O reporte">
            <ReportFacts detail={data} />
          </DetailSection>
          <DetailSection title="Questão">
            <QuestionPreview
              questionId={data.report.questionId}
              examId={data.report.examId}
              answerLetter={data.answerLetter}
              editLabel={
                data.report.type === MISSING_COMMENT_REPORT_TYPE
                  ? 'Escrever o comentário no editor'
                  : undefined
              }
            />
          </DetailSection>
          {data.others.length > 0 && (
            <DetailSection title="Outros reportes nesta questão">
              <ReportList
                items={data.others}
                selectedId=""
                hrefOf={hrefOf}
                onSelect={onSelect}
                label="Outros reportes nesta questão"
                compact
              />
            </DetailSection>
          )}
          <DetailSection title="Situação">
            <StatusForm reportId={data.report.id} current={data.report.status} />
          </DetailSection>
          <DetailSection title="Resposta ao estudante">
            <ReplyForm detail={data} />
          </DetailSection>
        </>
      )}
    </Card>
  );
}
