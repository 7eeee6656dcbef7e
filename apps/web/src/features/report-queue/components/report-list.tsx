import { countLabel, type ReportQueueItem } from '@gabarita/shared';
import { MailCheck, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { ReportStatusBadge } from '@/domain/error-reports/report-status-badge';
import { formatDateTime, formatRelative } from '@/lib/formatters';

/** The id of a report's entry in the list, where the focus returns from its detail. */
export const reportItemId = (reportId: string) => `reporte-item-${reportId}`;

/** 'há 5 minutos', with the exact moment for whoever hovers or reads the element. */
export function RelativeTime({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}

/** '2 reportes nesta questão' and 'Respondido': what else the editor should know at a glance. */
export function ReportFlags({ item }: { item: ReportQueueItem }) {
  const several = item.openOnQuestion > 1;
  if (!several && !item.repliedAt) return null;
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium">
      {several && (
        <span className="inline-flex items-center gap-1 text-accent-ink">
          <MessagesSquare className="size-3.5" aria-hidden="true" />
          {countLabel(item.openOnQuestion, 'reporte', 'reportes')} nesta questão
        </span>
      )}
      {item.repliedAt && (
        <span className="inline-flex items-center gap-1 text-primary-ink">
          <MailCheck className="size-3.5" aria-hidden="true" />
          Respondido
        </span>
      )}
    </span>
  );
}

interface ReportListProps {
  items: readonly ReportQueueItem[];
  selectedId: string;
  /** The address (query string) that opens a report. */
  hrefOf: (reportId: string) => string;
  onSelect: (reportId: string) => void;
  label?: string;
  compact?: boolean;
}

/** Reports as links: choosing one opens it (?reporte=<id>), so a reload keeps it open. */
export function ReportList({
  items,
  selectedId,
  hrefOf,
  onSelect,
  label = 'Reportes',
  compact = false,
}: ReportListProps) {
  return (
    <ul aria-label={label} className={compact ? 'space-y-2' : 'space-y-3'}>
      {items.map((item) => {
        const selected = item.id === selectedId;
        return (
          <li key={item.id}>
            <Link
              id={compact ? undefined : reportItemId(item.id)}
              to={{ search: hrefOf(item.id) }}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(item.id)}
              className={`block rounded-xl border px-4 py-3 transition-colors motion-reduce:transition-none ${
                selected
                  ? 'border-primary bg-primary-soft ring-1 ring-primary'
                  : 'border-line bg-surface hover:border-primary/50 hover:bg-surface-muted/60'
              }`}
            >
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <ReportStatusBadge status={item.status} />
                <span className="min-w-0 flex-1 text-sm font-semibold text-ink">{item.type}</span>
                <span className="text-xs text-ink-muted">
                  <RelativeTime value={item.createdAt} />
                </span>
              </span>
              {!compact && (
                <span className="mt-1.5 block text-sm text-ink first-letter:uppercase">
                  {item.questionLabel}
                </span>
              )}
              <span className="mt-0.5 block text-xs text-ink-muted">
                {item.reporterName}
                {!compact && ` · ${item.disciplineName}`}
              </span>
              {item.text && (
                <span className="mt-1.5 line-clamp-2 block break-words text-sm text-ink-muted">
                  “{item.text}”
                </span>
              )}
              {!compact && (
                <span className="mt-2 block empty:hidden">
                  <ReportFlags item={item} />
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
