import {
  fillHelpReplyTemplate,
  HELP_REPLY_MAX_LENGTH,
  HELP_REPLY_TEMPLATES,
  helpReplyRequestSchema,
  type HelpRequestDetail,
  MAIL_SIGNATURE_NOTE,
} from '@gabarita/shared';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { INPUT_CLASSES, LABEL_CLASSES } from '@/components/ui/field-styles';
import { TextAreaField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatInteger } from '@/lib/formatters';
import { useReplyToHelpRequest } from '../api/help-inbox-api';

const REPLY_FAILED = 'Não foi possível enviar a resposta. Tente novamente.';

type TemplateId = (typeof HELP_REPLY_TEMPLATES)[number]['id'];
const templateOf = (id: string) => HELP_REPLY_TEMPLATES.find((template) => template.id === id);

/**
 * The reply, e-mailed to the sender with their message quoted. A template fills the box with the
 * customer's first name; it replaces the text without asking only when nothing of the operator's
 * own is there (an empty box, or the template filled in last). After sending, `onSent` moves the
 * focus to the reply in the thread.
 */
export function ReplyBox({
  detail,
  onSent,
}: {
  detail: HelpRequestDetail;
  onSent: (replyId: string) => void;
}) {
  const reply = useReplyToHelpRequest(detail.request.id);
  const selectId = useId();
  const messageId = useId();
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<TemplateId | ''>('');
  const [lastFilled, setLastFilled] = useState('');
  const [asking, setAsking] = useState<TemplateId | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const fill = (id: TemplateId) => {
    const chosen = templateOf(id);
    if (!chosen) return;
    const filled = fillHelpReplyTemplate(chosen, detail.account?.name ?? detail.request.name);
    setTemplate(id);
    setText(filled);
    setLastFilled(filled);
    setInvalid(null);
    reply.reset();
  };

  const choose = (id: string) => {
    const chosen = templateOf(id);
    if (!chosen) return;
    if (text.trim() === '' || text === lastFilled) fill(chosen.id);
    else setAsking(chosen.id);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    const parsed = helpReplyRequestSchema.safeParse({ body: text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? REPLY_FAILED);
      return;
    }
    setInvalid(null);
    reply.mutate(parsed.data.body, {
      onSuccess: ({ detail: after }) => {
        setText('');
        setTemplate('');
        setLastFilled('');
        const newest = after.replies.at(-1);
        if (newest) onSent(newest.id);
      },
    });
  };

  const errorText = invalid ?? (reply.isError ? errorMessage(reply.error, REPLY_FAILED) : null);
  const askingLabel = asking ? templateOf(asking)?.label : undefined;

  return (
    <>
      <form noValidate onSubmit={submit} aria-busy={reply.isPending || undefined}>
        <label htmlFor={selectId} className={LABEL_CLASSES}>
          Modelo de resposta
        </label>
        <select
          id={selectId}
          value={template}
          disabled={reply.isPending}
          onChange={(event) => choose(event.target.value)}
          className={`${INPUT_CLASSES} sm:max-w-xs`}
        >
          <option value="">Escolha um modelo para começar</option>
          {HELP_REPLY_TEMPLATES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <TextAreaField
          className="mt-4"
          label="Resposta"
          textareaClassName="min-h-36"
          rows={6}
          maxLength={HELP_REPLY_MAX_LENGTH}
          value={text}
          readOnly={reply.isPending}
          onChange={(event) => {
            setText(event.target.value);
            if (invalid) setInvalid(null);
            if (reply.isSuccess) reply.reset();
          }}
          invalid={invalid !== null}
          errorId={messageId}
          description={
            <>
              {formatInteger(text.length)} / {formatInteger(HELP_REPLY_MAX_LENGTH)} caracteres
            </>
          }
          descriptionClassName="mt-1 text-right text-xs tabular-nums text-ink-muted"
        />
        <p className="mt-1 text-xs text-ink-muted">
          Vai por e-mail para {detail.request.email}, com a mensagem do cliente citada abaixo.
          {detail.request.status === 'closed' &&
            ' A mensagem volta a ficar como "Respondido".'}{' '}
          {MAIL_SIGNATURE_NOTE}
        </p>
        {errorText && (
          <Notice tone="error" id={messageId} className="mt-4">
            {errorText}
          </Notice>
        )}
        {reply.isSuccess && (
          <Notice tone="success" className="mt-4">
            {reply.data.message}
          </Notice>
        )}
        {/* aria-disabled, not disabled: the focused button keeps the focus while it sends. */}
        <Button
          type="submit"
          aria-disabled={reply.isPending || undefined}
          className="mt-4 w-full aria-disabled:cursor-progress aria-disabled:opacity-60 sm:w-auto"
        >
          {reply.isPending ? (
            <Spinner className="size-4" inheritColor />
          ) : (
            <Send className="size-4" aria-hidden="true" />
          )}
          {reply.isPending ? 'Enviando...' : 'Enviar resposta'}
        </Button>
      </form>
      <ConfirmDialog
        open={asking !== null}
        title="Substituir o texto?"
        description={
          askingLabel && `O que você escreveu será trocado pelo modelo "${askingLabel}".`
        }
        confirmLabel="Substituir"
        cancelLabel="Manter meu texto"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) fill(asking);
          setAsking(null);
        }}
      />
    </>
  );
}
