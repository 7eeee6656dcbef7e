import { PRIVACY_MESSAGES, type RequiredDocument, PATHS } from '@gabarita/shared';
import { ExternalLink, FileText, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAcceptConsents } from '@/domain/consents/consents';

const DOCUMENTS: Record<RequiredDocument, { title: string; path: string }> = {
  termos: { title: 'Termos de Uso', path: PATHS.terms.path },
  privacidade: { title: 'Política de Privacidade', path: PATHS.privacy.path },
};

/** The server's words when it answered; ours when the answer never came or made no sense. */
function failureMessage(error: unknown, fallback: string): string {
  const answered =
    error instanceof ApiError && error.status > 0 && error.code !== 'response/invalid';
  return answered ? error.message : fallback;
}

interface ConsentDialogProps {
  pending: readonly RequiredDocument[];
  onSignOut: () => Promise<unknown>;
}

/**
 * Asks for the current versions of the documents before the app can be used: it cannot be
 * dismissed (no Escape, no backdrop), only accepted or left by signing out. The documents open in a
 * new tab, so the dialog stays where it is while they are read.
 */
export function ConsentDialog({ pending, onSignOut }: ConsentDialogProps) {
  const accept = useAcceptConsents();
  const [guardianConsent, setGuardianConsent] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const busy = accept.isPending || signingOut;

  const error = accept.isError
    ? failureMessage(accept.error, PRIVACY_MESSAGES.consentSaveFailed)
    : signOutError;

  const onAccept = () => {
    if (busy) return;
    setSignOutError(null);
    accept.mutate({ documents: [...pending], ...(guardianConsent && { guardianConsent }) });
  };

  const onLeave = async () => {
    if (busy) return;
    accept.reset();
    setSignOutError(null);
    setSigningOut(true);
    try {
      await onSignOut();
    } catch (caught) {
      setSignOutError(failureMessage(caught, 'Não foi possível sair. Tente novamente.'));
      setSigningOut(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {}}
      dismissible={false}
      title={PRIVACY_MESSAGES.consentUpdatedTitle}
      description={PRIVACY_MESSAGES.consentUpdatedIntro}
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
          <FileText className="size-5" aria-hidden="true" />
        </span>
      }
    >
      <ul className="mt-4 space-y-2">
        {pending.map((document) => (
          <li key={document}>
            <Link
              to={DOCUMENTS[document].path}
              target="_blank"
              rel="noopener"
              className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm font-semibold text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span>
                {DOCUMENTS[document].title} <span className="sr-only">(abre em nova aba)</span>
              </span>
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>

      <CheckboxField
        checked={guardianConsent}
        onChange={setGuardianConsent}
        className="mt-5 items-start! leading-6 [&>input]:mt-1"
      >
        {PRIVACY_MESSAGES.consentGuardian}
      </CheckboxField>

      {error && (
        <Notice tone="error" className="mt-5">
          {error}
        </Notice>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
        <Button
          variant="secondary"
          aria-disabled={busy || undefined}
          onClick={() => void onLeave()}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
        >
          {signingOut ? (
            <Spinner className="size-4" />
          ) : (
            <LogOut className="size-4" aria-hidden="true" />
          )}
          Sair
        </Button>
        <Button
          aria-disabled={busy || undefined}
          onClick={onAccept}
          className="w-full aria-disabled:cursor-progress sm:w-auto"
        >
          {accept.isPending && <Spinner className="size-4" inheritColor />}
          {PRIVACY_MESSAGES.consentAccept}
        </Button>
      </div>
    </Modal>
  );
}
