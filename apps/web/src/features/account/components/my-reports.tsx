import type { MyReport } from '@gabarita/shared';
import { Flag, MessageSquareReply } from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { ReportStatusBadge } from '@/domain/error-reports/report-status-badge';
import { questionViewerPath } from '@/domain/study/study-links';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/formatters';
import { useMyReports } from '../api/me-api';
import { EmptyHistory } from './purchase-history';
import { SectionCard } from './section-card';

const REPORTS_LOAD_FAILED = 'Não foi possível carregar seus reportes. Tente novamente.';

function ReportItem({ report }: { report: MyReport }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <Link
            to={questionViewerPath({ prova: report.examId, q: report.questionId })}
            className="inline-block text-sm font-semibold text-primary-ink underline-offset-2 first-letter:uppercase hover:underline"
          >
            {report.questionLabel}
          </Link>
          <p className="mt-0.5 text-sm text-ink-muted">
            {report.type} · enviado em{' '}
            <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
          </p>
        </div>
        <ReportStatusBadge status={report.status} className="self-start" />
      </div>
      {report.reply && (
        <figure className="mt-3 rounded-xl border border-line bg-surface-muted/60 px-4 py-3">
          <figcaption className="flex flex-wrap items-center gap-x-2 text-xs font-semibold text-ink">
            <MessageSquareReply className="size-4 text-primary-ink" aria-hidden="true" />
            Resposta da equipe
            {report.repliedAt && (
              <span className="font-normal text-ink-muted">
                em <time dateTime={report.repliedAt}>{formatDateTime(report.repliedAt)}</time>
              </span>
            )}
          </figcaption>
          <blockquote className="mt-1.5 whitespace-pre-line break-words text-sm leading-6 text-ink">
            {report.reply}
          </blockquote>
        </figure>
      )}
    </li>
  );
}

/** 'Meus reportes': the errors the user reported, where each stands, and the team's reply. */
export function MyReports() {
  const reports = useMyReports();
  let body;
  if (reports.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> Carregando reportes...
      </p>
    );
  } else if (reports.isError) {
    body = (
      <QueryError
        message={errorMessage(reports.error, REPORTS_LOAD_FAILED)}
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  } else if (reports.data.reports.length === 0) {
    body = (
      <EmptyHistory
        icon={Flag}
        text="Você ainda não reportou erros."
        hint='Use "Reportar erro" em uma questão.'
      />
    );
  } else {
    body = (
      <ul aria-label="Erros reportados" className="divide-y divide-line">
        {reports.data.reports.map((report) => (
          <ReportItem key={report.id} report={report} />
        ))}
      </ul>
    );
  }
  return (
    <SectionCard title="Meus reportes" icon={Flag}>
      {body}
    </SectionCard>
  );
}
