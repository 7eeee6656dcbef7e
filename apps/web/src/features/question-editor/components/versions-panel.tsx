import {
  QUESTION_VERSION_SOURCE_LABELS,
  type QuestionEditing,
  type QuestionVersion,
} from '@gabarita/shared';
import { GitCompare, RotateCcw, RotateCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { answerKeyPath } from '@/domain/editorial/editorial-links';
import { baseVersionOf, type useRestoreVersion } from '../api/question-editor-api';
import { VersionComparison } from './version-comparison';

const RESTORE_FAILED = 'Não foi possível restaurar a versão. Tente novamente.';

type RestoreMutation = ReturnType<typeof useRestoreVersion>;

function VersionItem({
  version,
  current,
  comparing,
  onCompare,
  onRestore,
  questionId,
  disciplines,
}: {
  version: QuestionVersion;
  current: boolean;
  comparing: boolean;
  onCompare: (open: boolean) => void;
  onRestore: () => void;
  questionId: string;
  disciplines: QuestionEditing['disciplines'];
}) {
  const titleId = useId();
  const compareRef = useRef<HTMLButtonElement>(null);
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <p id={titleId} className="text-sm font-semibold text-ink">
          Versão {version.version}
        </p>
        <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink-muted">
          {QUESTION_VERSION_SOURCE_LABELS[version.source]}
        </span>
        {current && (
          <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-ink">
            Atual
          </span>
        )}
      </div>
      <p className="mt-0.5 text-xs text-ink-muted">
        {version.createdByName && `${version.createdByName} · `}
        <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
      </p>
      {version.changes.length > 0 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-ink">
          {version.changes.map((change, index) => (
            <li key={index}>{change}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">
          A questão como estava antes da primeira edição.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {version.version > 1 && (
          <Button
            ref={compareRef}
            variant="secondary"
            size="sm"
            icon={GitCompare}
            aria-expanded={comparing}
            aria-describedby={titleId}
            onClick={() => onCompare(!comparing)}
          >
            Comparar
          </Button>
        )}
        {!current && (
          <Button
            variant="secondary"
            size="sm"
            icon={RotateCcw}
            aria-describedby={titleId}
            onClick={onRestore}
          >
            Restaurar esta versão
          </Button>
        )}
      </div>
      {comparing && (
        <VersionComparison
          questionId={questionId}
          version={version}
          disciplines={disciplines}
          onClose={() => {
            onCompare(false);
            compareRef.current?.focus();
          }}
        />
      )}
    </li>
  );
}

/** What went wrong with a restore, with the way out when there is one. */
function RestoreError({
  error,
  examId,
  onReload,
}: {
  error: unknown;
  examId: string;
  onReload: () => void;
}) {
  const code = error instanceof ApiError ? error.code : '';
  return (
    <Notice tone="error" className="mb-4">
      <p>{errorMessage(error, RESTORE_FAILED)}</p>
      {code === 'editor/stale' && (
        <Button variant="secondary" size="sm" icon={RotateCw} onClick={onReload} className="mt-2">
          Recarregar
        </Button>
      )}
      {code === 'editor/key-change' && (
        <Link
          to={answerKeyPath(examId)}
          className="mt-1 inline-block font-semibold underline underline-offset-2 hover:no-underline"
        >
          Abrir o Gabarito definitivo desta prova
        </Link>
      )}
    </Notice>
  );
}

/**
 * The question's versions, newest first: where each came from, who made it and when, what
 * changed; each can be compared with the one before it or restored (as a new version).
 */
export function VersionsPanel({
  editing,
  restore,
  onRestoreStart,
  onReload,
}: {
  editing: QuestionEditing;
  restore: RestoreMutation;
  /** A restore begins: the last save's outcome no longer applies. */
  onRestoreStart: () => void;
  onReload: () => void;
}) {
  const [comparing, setComparing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<QuestionVersion | null>(null);
  const latest = baseVersionOf(editing);

  const confirmRestore = () => {
    if (!restoring) return;
    onRestoreStart();
    restore.mutate(
      { version: restoring.version, baseVersion: latest },
      // The outcome is shown in the panel, with its way out (reload, the definitive key).
      { onSettled: () => setRestoring(null) },
    );
  };

  return (
    <Card as="section" aria-labelledby="versoes-titulo" className="mt-6">
      <h2 id="versoes-titulo" className="mb-4 text-lg font-semibold text-ink">
        Versões
      </h2>
      {restore.isSuccess && (
        <Notice tone="success" className="mb-4">
          {restore.data.message}
        </Notice>
      )}
      {restore.isError && (
        <RestoreError error={restore.error} examId={editing.examId} onReload={onReload} />
      )}
      {editing.versions.length === 0 ? (
        <p className="text-sm leading-6 text-ink-muted">
          Nenhuma versão registrada: a questão está como foi importada. O primeiro salvamento
          registra também como ela estava antes, para que possa ser restaurada.
        </p>
      ) : (
        <ol aria-label="Versões da questão" className="divide-y divide-line">
          {editing.versions.map((version) => (
            <VersionItem
              key={version.version}
              version={version}
              current={version.version === latest}
              comparing={comparing === version.version}
              onCompare={(open) => setComparing(open ? version.version : null)}
              onRestore={() => {
                restore.reset();
                setRestoring(version);
              }}
              questionId={editing.questionId}
              disciplines={editing.disciplines}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={`Restaurar a versão ${restoring?.version ?? ''}?`}
        description={`A questão volta a ficar como estava na versão ${restoring?.version ?? ''}, e isso cria a versão ${latest + 1}: nenhuma versão é apagada. Alterações não salvas no formulário serão descartadas.`}
        confirmLabel="Restaurar"
        busyLabel="Restaurando..."
        busy={restore.isPending}
        onConfirm={confirmRestore}
        onCancel={() => setRestoring(null)}
      />
    </Card>
  );
}
