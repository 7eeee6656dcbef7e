import { SUPPORT_MESSAGES } from '@gabarita/shared';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/domain/session/session';
import { REPORT_BUTTON_LABEL, REPORT_TITLE } from '../report-error-labels';
import type { CommentPresence } from './report-error-dialog';

/** The dialog and its form load on the first opening (or when the pointer nears the button). */
const loadDialog = () => import('./report-error-dialog');
const ReportErrorDialog = lazy(async () => ({ default: (await loadDialog()).ReportErrorDialog }));

interface ReportErrorButtonProps {
  questionId: string;
  questionNumber?: number;
  /** The AI tutor wrote about this question: the AI report types apply. */
  aiUsed?: boolean;
  /** Whether the question has the team's comment (null until the answer is checked). */
  comment?: CommentPresence;
}

/**
 * 'Reportar erro' in the question viewer. Visitors see it disabled with the sign-in hint as its
 * description. Mount it with `key={questionId}` so a new question starts clean.
 */
export function ReportErrorButton({
  questionId,
  questionNumber,
  aiUsed = false,
  comment = null,
}: ReportErrorButtonProps) {
  const session = useSession();
  const signedIn = !!session.data?.user;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const close = useCallback(() => setOpen(false), []);

  return (
    <section
      aria-label={REPORT_TITLE}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-ink-muted">
          <Flag className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-ink">{REPORT_TITLE}</h2>
          {signedIn ? (
            <p className="mt-0.5 text-sm leading-6 text-ink-muted">
              Encontrou algo errado? Avise a equipe.
            </p>
          ) : (
            <p id={hintId} className="mt-0.5 text-sm leading-6 text-ink-muted">
              {SUPPORT_MESSAGES.reportSignInHint}
            </p>
          )}
        </div>
      </div>
      <Button
        ref={buttonRef}
        variant="secondary"
        size="sm"
        disabled={!signedIn}
        aria-describedby={signedIn ? undefined : hintId}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="w-full sm:w-auto"
      >
        <Flag className="size-4" aria-hidden="true" />
        {REPORT_BUTTON_LABEL}
      </Button>
      {open && signedIn && (
        <Suspense fallback={null}>
          <ReportErrorDialog
            questionId={questionId}
            questionNumber={questionNumber}
            aiUsed={aiUsed}
            comment={comment}
            onClose={close}
            finalFocusRef={buttonRef}
          />
        </Suspense>
      )}
    </section>
  );
}
