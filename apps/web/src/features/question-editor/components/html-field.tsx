import type { Figure } from '@gabarita/shared';
import { useDeferredValue, useId, type ReactNode } from 'react';
import { TextAreaField } from '@/components/ui/form-field';
import { RichHtml } from '@/domain/questions/rich-html';

interface HtmlFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The name of the preview, read by screen readers (e.g. 'Pré-visualização do enunciado'). */
  previewLabel: string;
  error?: string;
  description?: ReactNode;
  rows?: number;
  /** The images the HTML's figure markers may name, for the preview. */
  figures?: readonly Figure[];
}

/**
 * HTML typed in a text box, with its preview drawn by the viewer's own renderer (the same
 * allow-list students get) beside it on wide screens and under it on narrow ones.
 */
export function HtmlField({
  id,
  label,
  value,
  onChange,
  previewLabel,
  error,
  description,
  rows = 6,
  figures,
}: HtmlFieldProps) {
  const previewId = useId();
  // Typing stays fluid in long texts: the preview follows a moment later.
  const shown = useDeferredValue(value);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <TextAreaField
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={rows}
        spellCheck={false}
        error={error}
        description={description}
        textareaClassName="font-mono text-xs leading-5"
        className="min-w-0"
      />
      <div
        role="group"
        aria-labelledby={previewId}
        className="min-w-0 rounded-lg border border-dashed border-line bg-surface-muted/40 px-3 py-2.5 lg:mt-7"
      >
        <p id={previewId} className="text-xs font-medium uppercase tracking-wide text-ink-muted">
          {previewLabel}
        </p>
        {shown.trim() === '' ? (
          <p className="mt-1 text-sm text-ink-muted">Nada para mostrar.</p>
        ) : (
          <RichHtml
            html={shown}
            figures={figures}
            className="mt-1 text-[15px] leading-7 text-ink"
          />
        )}
      </div>
    </div>
  );
}
