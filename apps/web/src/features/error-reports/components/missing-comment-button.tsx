import { MISSING_COMMENT_REPORT_TYPE, SUPPORT_MESSAGES } from '@gabarita/shared';
import { MessageSquarePlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useReportError } from '../api/error-report-api';
import { reportErrorText } from '../report-error-text';

/**
 * 'Reportar falta de comentário' under a question the team has not commented yet: one click asks
 * for the comment (an error report of its own type, which editors read as the questions to
 * comment). Asking again answers the same, so a second click changes nothing.
 */
export function MissingCommentButton({ questionId }: { questionId: string }) {
  const report = useReportError();
  const sent = report.isSuccess;
  return (
    <div className="space-y-3">
      {/* aria-disabled, not disabled: the focused button keeps the focus while it sends. */}
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={report.isPending || sent || undefined}
        onClick={() => {
          if (report.isPending || sent) return;
          report.mutate({ questionId, type: MISSING_COMMENT_REPORT_TYPE });
        }}
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
      >
        {report.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <MessageSquarePlus className="size-4" aria-hidden="true" />
        )}
        {SUPPORT_MESSAGES.missingCommentButton}
      </Button>
      {sent && <Notice tone="success">{report.data.message}</Notice>}
      {report.isError && <Notice tone="error">{reportErrorText(report.error)}</Notice>}
    </div>
  );
}
