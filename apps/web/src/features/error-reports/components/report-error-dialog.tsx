import {
  COMMENT_ERROR_REPORT_TYPE,
  ERROR_REPORT_TEXT_MAX_LENGTH,
  ERROR_REPORT_TYPES,
  errorReportRequestSchema,
  MISSING_COMMENT_REPORT_TYPE,
  SUPPORT_MESSAGES,
  type ErrorReportType,
} from '@gabarita/shared';
import { Flag } from 'lucide-react';
import { useEffect, useId, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useSchemaForm } from '@/lib/forms';
import { useReportError } from '../api/error-report-api';
import {
  REPORT_CLOSE_MS,
  REPORT_SENDING_LABEL,
  REPORT_SUBMIT_LABEL,
  REPORT_TEXT_LABEL,
  REPORT_TITLE,
} from '../report-error-labels';
import { reportErrorText } from '../report-error-text';

const OTHER: ErrorReportType = 'Outro';

/** Types about the AI tutor: offered only where a language model wrote about the question. */
const AI_TYPES: readonly ErrorReportType[] = [
  'IA não consegue interpretar a imagem',
  'IA não consegue gerar feedback',
];

/** Whether the question has the team's comment: known once the answer is checked. */
export type CommentPresence = 'present' | 'missing' | null;

/**
 * The AI types where a language model wrote; the comment's types once the student knows whether
 * there is one: an error in it where there is, asking for it where there is none.
 */
function reportTypesFor(aiUsed: boolean, comment: CommentPresence): readonly ErrorReportType[] {
  return ERROR_REPORT_TYPES.filter((type) => {
    if (AI_TYPES.includes(type)) return aiUsed;
    if (type === COMMENT_ERROR_REPORT_TYPE) return comment === 'present';
    if (type === MISSING_COMMENT_REPORT_TYPE) return comment === 'missing';
    return true;
  });
}

export interface ReportErrorDialogProps {
  questionId: string;
  questionNumber?: number;
  aiUsed: boolean;
  comment: CommentPresence;
  onClose: () => void;
  finalFocusRef: RefObject<HTMLElement | null>;
}

/**
 * Mounted only while open, so every opening starts clean (no option, no text, no message).
 * States: idle, submitting, success (closes itself after 2 s), error (the user can retry).
 */
export function ReportErrorDialog({
  questionId,
  questionNumber,
  aiUsed,
  comment,
  onClose,
  finalFocusRef,
}: ReportErrorDialogProps) {
  const report = useReportError();
  const form = useSchemaForm(errorReportRequestSchema, {
    defaultValues: { questionId, text: '' },
  });
  const legendId = useId();
  const messageId = useId();

  const submitting = report.isPending;
  const sent = report.isSuccess;
  const locked = submitting || sent;
  const type = form.watch('type');
  const text = form.watch('text') ?? '';
  const other = type === OTHER;
  const { errors } = form.formState;

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(onClose, REPORT_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [sent, onClose]);

  // Any type may say more ('Outro' must); the shared schema decides what is missing or too long.
  const onSubmit = form.handleSubmit((values) => {
    if (locked) return;
    report.mutate(values);
  });

  const invalid = errors.type?.message ?? errors.text?.message ?? null;
  const errorText = invalid ?? (report.isError ? reportErrorText(report.error) : null);

  return (
    <Modal
      open
      onClose={onClose}
      title={REPORT_TITLE}
      description={
        questionNumber === undefined
          ? 'Escolha o tipo de problema encontrado.'
          : `Escolha o tipo de problema encontrado na questão ${questionNumber}.`
      }
      finalFocusRef={finalFocusRef}
      dismissible={!submitting}
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
          <Flag className="size-5" aria-hidden="true" />
        </span>
      }
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-5"
        aria-busy={submitting || undefined}
      >
        <fieldset
          role="radiogroup"
          aria-labelledby={legendId}
          aria-describedby={errorText ? messageId : undefined}
          disabled={locked}
          className="min-w-0"
        >
          <legend id={legendId} className="mb-2 text-sm font-semibold text-ink">
            Tipo de erro
          </legend>
          <div className="space-y-1.5">
            {reportTypesFor(aiUsed, comment).map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 text-sm text-ink transition-colors hover:bg-surface-muted has-[input:checked]:border-primary has-[input:checked]:bg-primary-soft has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-70 motion-reduce:transition-none"
              >
                <input
                  type="radio"
                  value={option}
                  className="size-4 shrink-0 accent-primary"
                  {...form.register('type')}
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>

        {type && (
          <TextAreaField
            className="mt-4"
            label={other ? REPORT_TEXT_LABEL : `${REPORT_TEXT_LABEL} (opcional)`}
            textareaClassName="min-h-28"
            maxLength={ERROR_REPORT_TEXT_MAX_LENGTH}
            rows={other ? 4 : 3}
            required={other}
            disabled={locked}
            invalid={Boolean(errors.text)}
            description={
              <>
                {text.length.toLocaleString('pt-BR')} /{' '}
                {ERROR_REPORT_TEXT_MAX_LENGTH.toLocaleString('pt-BR')} caracteres
              </>
            }
            descriptionClassName="mt-1 text-right text-xs tabular-nums text-ink-muted"
            {...form.register('text')}
          />
        )}

        {errorText && (
          <Notice tone="error" id={messageId} className="mt-4">
            {errorText}
          </Notice>
        )}
        {sent && (
          <Notice tone="success" className="mt-4">
            {SUPPORT_MESSAGES.reportSent}
          </Notice>
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
          <Button
            variant="secondary"
            aria-disabled={submitting || undefined}
            onClick={() => {
              if (!submitting) onClose();
            }}
            className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
          >
            {sent ? 'Fechar' : 'Cancelar'}
          </Button>
          {/* aria-disabled, not disabled: the focused button keeps the focus while it runs. */}
          <Button
            type="submit"
            aria-disabled={locked || undefined}
            className="w-full aria-disabled:cursor-progress aria-disabled:opacity-60 sm:w-auto"
          >
            {submitting && <Spinner className="size-4" inheritColor />}
            {submitting ? REPORT_SENDING_LABEL : REPORT_SUBMIT_LABEL}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
