import { HELP_MESSAGE_MAX_LENGTH, helpRequestSchema, SUPPORT_MESSAGES } from '@gabarita/shared';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASSES, LABEL_CLASSES } from '../../../components/ui/field-styles';
import { Notice } from '../../../components/ui/notice';
import { formatInteger } from '../../../lib/formatters';
import { useSchemaForm } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { helpErrorMessage, useSendHelpRequest } from '../api/help-api';

/** The help success message clears after 5 s (docs/product-rules.md, "Timers on screen"). */
export const HELP_SUCCESS_MS = 5_000;

/** The shared input look, grown into a multi-line box. */
const TEXTAREA_CLASSES = `${INPUT_CLASSES.replace('h-11 ', '')} min-h-40 resize-y py-2.5 leading-6`;

export function ContactForm() {
  const session = useSession();
  const send = useSendHelpRequest();
  const success = useTimedMessage(HELP_SUCCESS_MS);
  const form = useSchemaForm(helpRequestSchema, { defaultValues: { mensagem: '' } });
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const noticeId = useId();

  // Signing in needs a verified e-mail, so a signed-in user may always send.
  const signedIn = Boolean(session.data?.user);
  const visitor = !session.isPending && !signedIn;
  const disabled = !signedIn || send.isPending;
  const length = form.watch('mensagem').length;
  const error = form.formState.errors.mensagem?.message ?? null;

  const onSubmit = form.handleSubmit(({ mensagem }) => {
    if (!signedIn || send.isPending) return;
    send.mutate(mensagem, {
      onSuccess: () => {
        form.reset({ mensagem: '' });
        success.show('success', SUPPORT_MESSAGES.helpSent);
      },
      onError: (failure) => form.setError('mensagem', { message: helpErrorMessage(failure) }),
    });
  });

  const describedBy = [counterId, visitor ? noticeId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={(event) => {
        success.clear();
        void onSubmit(event);
      }}
      noValidate
      aria-label="Fale com o suporte"
      className="space-y-4"
    >
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
          maxLength={HELP_MESSAGE_MAX_LENGTH}
          rows={6}
          disabled={disabled}
          placeholder="Conte o que aconteceu ou qual é a sua dúvida."
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={TEXTAREA_CLASSES}
          {...form.register('mensagem', {
            // A new attempt starts without the last failure's message.
            onChange: () => form.clearErrors('mensagem'),
          })}
        />
        <p id={counterId} className="mt-1.5 text-right text-xs tabular-nums text-ink-muted">
          {formatInteger(length)} / {formatInteger(HELP_MESSAGE_MAX_LENGTH)} caracteres
        </p>
      </div>
      {error && (
        <Notice tone="error" id={errorId}>
          {error}
        </Notice>
      )}
      {success.message && <Notice tone="success">{success.message.text}</Notice>}
      <Button
        type="submit"
        disabled={!signedIn}
        busy={send.isPending}
        icon={Send}
        className="w-full sm:w-auto"
      >
        {send.isPending ? SUPPORT_MESSAGES.helpSending : SUPPORT_MESSAGES.helpSubmit}
      </Button>
    </form>
  );
}
