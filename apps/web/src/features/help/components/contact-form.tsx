import { HELP_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGES } from '@gabarita/shared';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASSES, LABEL_CLASSES } from '../../../components/ui/field-styles';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatInteger } from '../../../lib/formatters';
import { useSession } from '../../../lib/session';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { helpErrorMessage, useSendHelpRequest } from '../api/help-api';

/** Spec section 9: the help success message clears after 5 s. */
export const HELP_SUCCESS_MS = 5_000;

/** The shared input look, grown into a multi-line box. */
const TEXTAREA_CLASSES = `${INPUT_CLASSES.replace('h-11 ', '')} min-h-40 resize-y py-2.5 leading-6`;

export function ContactForm() {
  const session = useSession();
  const send = useSendHelpRequest();
  const success = useTimedMessage(HELP_SUCCESS_MS);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const noticeId = useId();

  // Signing in needs a verified e-mail, so a signed-in user may always send.
  const signedIn = Boolean(session.data?.user);
  const visitor = !session.isPending && !signedIn;
  const disabled = !signedIn || send.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn || send.isPending) return;
    success.clear();
    if (!message.trim()) {
      setError(SUPPORT_MESSAGES.helpEmpty);
      return;
    }
    if (message.length > HELP_MESSAGE_MAX_LENGTH) {
      setError(SUPPORT_MESSAGES.helpTooLong);
      return;
    }
    setError(null);
    send.mutate(message, {
      onSuccess: () => {
        setMessage('');
        success.show('success', SUPPORT_MESSAGES.helpSent);
      },
      onError: (failure) => setError(helpErrorMessage(failure)),
    });
  };

  const describedBy = [counterId, visitor ? noticeId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Fale com o suporte" className="space-y-4">
      {visitor && (
        <Notice tone="info" id={noticeId}>
          {SUPPORT_MESSAGES.helpNotAllowed}
        </Notice>
      )}
      <div>
        <label htmlFor={fieldId} className={LABEL_CLASSES}>
          Sua mensagem
        </label>
        <textarea
          id={fieldId}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            if (error) setError(null);
          }}
          maxLength={HELP_MESSAGE_MAX_LENGTH}
          rows={6}
          disabled={disabled}
          placeholder="Conte o que aconteceu ou qual é a sua dúvida."
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={TEXTAREA_CLASSES}
        />
        <p id={counterId} className="mt-1.5 text-right text-xs tabular-nums text-ink-muted">
          {formatInteger(message.length)} / {formatInteger(HELP_MESSAGE_MAX_LENGTH)} caracteres
        </p>
      </div>
      {error && (
        <Notice tone="error" id={errorId}>
          {error}
        </Notice>
      )}
      {success.message && <Notice tone="success">{success.message.text}</Notice>}
      <Button type="submit" disabled={disabled} className="w-full sm:w-auto">
        {send.isPending ? (
          <Spinner className="size-4" inheritColor />
        ) : (
          <Send className="size-4" aria-hidden="true" />
        )}
        {send.isPending ? SUPPORT_MESSAGES.helpSending : SUPPORT_MESSAGES.helpSubmit}
      </Button>
    </form>
  );
}
