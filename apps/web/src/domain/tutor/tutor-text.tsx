import type { TutorInfo } from '@gabarita/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { interruptionText } from './tutor-stream';
import type { TutorTextState } from './use-tutor-text';
import { Button } from '@/components/ui/button';
import { Markdown } from '@/components/ui/markdown';
import { Notice } from '@/components/ui/notice';
import { OfflineTutorNotice } from './offline-tutor-notice';
import { Spinner } from '@/components/ui/spinner';

/** A tutor panel's title, with its icon. */
export function TutorPanelTitle({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      {children}
    </h2>
  );
}

/**
 * The product's failure text for a tutor request, or the server's own words where it refuses for a
 * reason the user can act on (a rate limit, checking the question first), or says the answer was
 * cut short (a server restart, a fallen connection).
 */
function failureText(error: unknown, productText: string): string {
  const refusal =
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 402;
  return refusal ? error.message : (interruptionText(error) ?? productText);
}

interface TutorTextBodyProps {
  state: TutorTextState;
  /** Who writes on this server, until the text says who wrote it. */
  tutor: TutorInfo | null;
  writingLabel: string;
  failedText: string;
  onRetry: () => void;
}

/** A text the tutor writes: the offline notice, the text as it streams, or the failure. */
export function TutorTextBody({
  state,
  tutor,
  writingLabel,
  failedText,
  onRetry,
}: TutorTextBodyProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <Notice tone="error">
        <p>{failureText(state.error, failedText)}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Notice>
    );
  }
  return (
    <>
      <OfflineTutorNotice tutor={state.meta?.tutor ?? tutor} />
      {state.status === 'loading' && state.text === '' && (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="size-4" />
          {writingLabel}
        </p>
      )}
      {state.text !== '' && <Markdown text={state.text} />}
      {state.status === 'shown' && state.cut && (
        <p className="text-xs text-ink-muted">O texto foi interrompido no limite de tamanho.</p>
      )}
    </>
  );
}
