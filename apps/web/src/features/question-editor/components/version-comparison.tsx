import type { QuestionEditing, QuestionVersion } from '@gabarita/shared';
import { RotateCw, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { useQuestionVersion } from '../api/question-editor-api';
import { compareSnapshots, diffWords, type ChangedField } from '../version-diff';

const VERSION_LOAD_FAILED = 'Não foi possível carregar a versão. Tente novamente.';

function DiffText({ field }: { field: ChangedField }) {
  const parts = diffWords(field.before, field.after);
  return (
    <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-surface-muted/50 px-3 py-2 font-mono text-xs leading-5 text-ink">
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        if (part.kind === 'removed') {
          return (
            <del
              key={index}
              className="rounded-sm bg-red-100 text-red-900 decoration-red-700 dark:bg-red-950/70 dark:text-red-100 dark:decoration-red-300"
            >
              <span className="sr-only">[removido: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          );
        }
        return (
          <ins
            key={index}
            className="rounded-sm bg-emerald-100 text-emerald-900 decoration-emerald-700 dark:bg-emerald-950/70 dark:text-emerald-100 dark:decoration-emerald-300"
          >
            <span className="sr-only">[incluído: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        );
      })}
    </p>
  );
}

/**
 * A version against the one before it: under each line of its changes, the fields that differ,
 * word by word (removed struck through in red, added underlined in green).
 */
export function VersionComparison({
  questionId,
  version,
  disciplines,
  onClose,
}: {
  questionId: string;
  version: QuestionVersion;
  disciplines: QuestionEditing['disciplines'];
  onClose: () => void;
}) {
  const detail = useQuestionVersion(questionId, version.version);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => headingRef.current?.focus(), []);

  const names = new Map(disciplines.map((discipline) => [discipline.code, discipline.name]));
  const disciplineName = (code: string) => {
    const name = names.get(code);
    return name ? `${name} (${code})` : code;
  };

  let body;
  if (detail.isPending) {
    body = (
      <p role="status" className="mt-3 text-sm text-ink-muted">
        Carregando a comparação...
      </p>
    );
  } else if (detail.isError) {
    body = (
      <div className="mt-3 space-y-3">
        <Notice tone="error">{errorMessage(detail.error, VERSION_LOAD_FAILED)}</Notice>
        <Button
          variant="secondary"
          size="sm"
          icon={RotateCw}
          busy={detail.isFetching}
          onClick={() => void detail.refetch()}
        >
          Tentar novamente
        </Button>
      </div>
    );
  } else if (detail.data.previous === null) {
    body = (
      <p className="mt-3 text-sm text-ink-muted">
        Esta é a primeira versão registrada: não há versão anterior para comparar.
      </p>
    );
  } else {
    const sections = compareSnapshots(
      detail.data.previous,
      detail.data.snapshot,
      detail.data.version.changes,
      disciplineName,
    );
    body = (
      <>
        <p className="mt-1 text-xs text-ink-muted">
          Trechos removidos aparecem riscados, em vermelho; os incluídos, sublinhados, em verde.
        </p>
        <div className="mt-4 space-y-5">
          {sections.map((section, index) => (
            <section key={index} aria-label={section.heading}>
              <h4 className="text-sm font-semibold text-ink">{section.heading}</h4>
              {section.fields.length === 0 ? (
                <p className="mt-1 text-sm text-ink-muted">Nenhum texto a comparar.</p>
              ) : (
                <div className="mt-2 space-y-3">
                  {section.fields.map((field) => (
                    <div key={field.key}>
                      <p className="text-xs font-medium uppercase tracking-wide text-ink-muted">
                        {field.label}
                      </p>
                      <DiffText field={field} />
                    </div>
                  ))}
                </div>
              )}
            </section>
          ))}
        </div>
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-line bg-surface px-3 py-3 sm:px-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-ink focus-visible:outline-none"
        >
          Versão {version.version} comparada com a versão {version.version - 1}
        </h3>
        <Button variant="ghost" size="sm" icon={X} onClick={onClose} className="-mr-1 shrink-0">
          Fechar <span className="sr-only">a comparação</span>
        </Button>
      </div>
      {body}
    </section>
  );
}
