import { HELP_MESSAGE_MAX_LENGTH, helpRequestSchema, SUPPORT_MESSAGES } from '@gabarita/shared';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { formatInteger } from '@/lib/formatters';
import { useSchemaForm } from '@/lib/forms';
import { useSession } from '@/domain/session/session';
import { useTimedMessage } from '@/lib/use-timed-message';
import { helpErrorMessage, useSendHelpRequest } from '../api/help-api';

/** The help success message clears after 5 s (docs/product-rules.md, "Timers on screen"). */
export const HELP_SUCCESS_MS = 5_000;

export function ContactForm() {
  const session = useSession();
  const send = useSendHelpRequest();
  const success = useTimedMessage(HELP_SUCCESS_MS);
  const form = useSchemaForm(helpRequestSchema, { defaultValues: { mensagem: '' } });
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
      <TextAreaField
        label="Sua mensagem"
        textareaClassName="min-h-40"
        maxLength={HELP_MESSAGE_MAX_LENGTH}
        rows={6}
        disabled={disabled}
        placeholder="Conte o que aconteceu ou qual é a sua dúvida."
        description={
          <>
            {formatInteger(length)} / {formatInteger(HELP_MESSAGE_MAX_LENGTH)} caracteres
          </>
        }
        descriptionClassName="mt-1.5 text-right text-xs tabular-nums text-ink-muted"
        describedBy={visitor && noticeId}
        invalid={Boolean(error)}
        errorId={errorId}
        {...form.register('mensagem', {
          // A new attempt starts without the last failure's message.
          onChange: () => form.clearErrors('mensagem'),
        })}
      />
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
