import {
  MAIL_SIGNATURE_NOTE,
  REPORT_REPLY_MAX_LENGTH,
  REPORT_STATUS_LABELS,
  reportReplySchema,
  type ReportDetail,
} from '@gabarita/shared';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatInteger } from '@/lib/formatters';
import { useReplyToReport } from '../api/report-queue-api';
import {
  fillReplyTemplate,
  isReplyTemplate,
  mayReplaceSilently,
  REPLY_TEMPLATE_OPTIONS,
  type ReplyTemplate,
} from '../reply-templates';

const REPLY_FAILED = 'Não foi possível enviar a resposta. Tente novamente.';

/** The reply already e-mailed to the reporter, if any. */
function SentReply({ detail }: { detail: ReportDetail }) {
  if (!detail.reply) return null;
  const repliedAt = detail.report.repliedAt;
  return (
    <figure className="mb-5 rounded-xl border border-line bg-surface-muted/60 px-4 py-3">
      <figcaption className="text-xs font-medium text-ink-muted">
        Resposta enviada{repliedAt && <> em {formatDateTime(repliedAt)}</>}
      </figcaption>
      <blockquote className="mt-1.5 whitespace-pre-line break-words text-sm leading-6 text-ink">
        {detail.reply}
      </blockquote>
    </figure>
  );
}

/**
 * The reply to the reporter, sent by e-mail. A 'Modelo' fills the text from the team's starting
 * texts; it replaces what is in the box without asking only when the editor has written nothing of
 * their own there (see mayReplaceSilently).
 */
export function ReplyForm({ detail }: { detail: ReportDetail }) {
  const reply = useReplyToReport(detail.report.id);
  const messageId = useId();
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<ReplyTemplate | ''>('');
  const [lastFilled, setLastFilled] = useState('');
  const [asking, setAsking] = useState<ReplyTemplate | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const fill = (chosen: ReplyTemplate) => {
    const filled = fillReplyTemplate(chosen, detail);
    setTemplate(chosen);
    setText(filled);
    setLastFilled(filled);
    setInvalid(null);
    reply.reset();
  };

  const chooseTemplate = (value: string) => {
    if (!isReplyTemplate(value)) return;
    if (mayReplaceSilently(text, lastFilled)) fill(value);
    else setAsking(value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    const parsed = reportReplySchema.safeParse({ mensagem: text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? REPLY_FAILED);
      return;
    }
    setInvalid(null);
    reply.mutate(parsed.data.mensagem, {
      onSuccess: () => {
        setText('');
        setTemplate('');
        setLastFilled('');
      },
    });
  };

  const errorText = invalid ?? (reply.isError ? errorMessage(reply.error, REPLY_FAILED) : null);

  return (
    <>
      <SentReply detail={detail} />
      <form noValidate onSubmit={submit} aria-busy={reply.isPending || undefined}>
        <SearchableSelect
          label="Modelo"
          options={REPLY_TEMPLATE_OPTIONS}
          value={template}
          onChange={chooseTemplate}
          allOptionLabel={null}
          placeholder="Escolha um modelo para começar"
          disabled={reply.isPending}
          className="sm:max-w-xs"
        />
        <TextAreaField
          className="mt-4"
          label={detail.reply ? 'Nova mensagem' : 'Mensagem'}
          textareaClassName="min-h-36"
          rows={6}
          maxLength={REPORT_REPLY_MAX_LENGTH}
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
              {formatInteger(text.length)} / {formatInteger(REPORT_REPLY_MAX_LENGTH)} caracteres
            </>
          }
          descriptionClassName="mt-1 text-right text-xs tabular-nums text-ink-muted"
        />
        <p className="mt-1 text-xs text-ink-muted">
          Vai por e-mail para {detail.reporter.email}
          {detail.reply ? ' e substitui a resposta anterior em "Meus reportes".' : '.'}{' '}
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
          asking &&
          `O que você escreveu será trocado pelo modelo "${REPORT_STATUS_LABELS[asking]}".`
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
