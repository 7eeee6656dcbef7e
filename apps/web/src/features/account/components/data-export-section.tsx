import { PRIVACY_MESSAGES, type DataExport } from '@gabarita/shared';
import { Download, FileArchive, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { dataExportFileUrl, useDataExports, useRequestDataExport } from '../api/me-api';
import { formatFileSize } from '../lib/privacy-format';
import { SectionCard } from './section-card';

const EXPORTS_LOAD_FAILED = 'Não foi possível carregar seus pedidos de dados. Tente novamente.';
/** The query parameter of the link in the e-mail that says a file is ready. */
const EXPORT_PARAM = 'exportacao';

function ExportItem({
  item,
  highlighted,
  onRetry,
  retrying,
}: {
  item: DataExport;
  highlighted: boolean;
  /** Absent while another file is being built. */
  onRetry?: () => void;
  retrying: boolean;
}) {
  return (
    <li
      aria-current={highlighted || undefined}
      className={`rounded-xl border px-4 py-3 ${
        highlighted ? 'border-primary bg-primary-soft/60 ring-2 ring-primary/30' : 'border-line'
      }`}
    >
      {/* One live line per file: it announces building, then ready or failed, as polling moves. */}
      <p
        role="status"
        className={`flex items-start gap-2 text-sm leading-6 ${
          item.status === 'failed' ? 'font-medium text-red-700 dark:text-red-400' : 'text-ink'
        }`}
      >
        {item.status === 'building' && <Spinner className="mt-1 size-4 shrink-0" />}
        <span className={item.status === 'ready' ? 'font-semibold' : undefined}>
          {item.status === 'building' && PRIVACY_MESSAGES.exportBuilding}
          {item.status === 'ready' && PRIVACY_MESSAGES.exportReady}
          {item.status === 'failed' && PRIVACY_MESSAGES.exportFailed}
        </span>
      </p>
      {item.status === 'ready' && (
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <p className="text-sm text-ink-muted">
            {item.sizeBytes !== null && <>{formatFileSize(item.sizeBytes)} · </>}
            {item.expiresAt
              ? `disponível para baixar até ${formatDateTime(item.expiresAt)}`
              : `pedido em ${formatDateTime(item.requestedAt)}`}
          </p>
          {/* A plain link: the browser downloads the file itself, with the session cookie. */}
          <a
            href={dataExportFileUrl(item.id)}
            download
            className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}
          >
            <Download className="size-4" aria-hidden="true" />
            {PRIVACY_MESSAGES.exportDownload}
          </a>
        </div>
      )}
      {item.status === 'failed' && onRetry && (
        <Button
          size="sm"
          variant="secondary"
          icon={RotateCw}
          busy={retrying}
          onClick={onRetry}
          className="mt-2"
        >
          Tentar novamente
        </Button>
      )}
    </li>
  );
}

/**
 * 'Seus dados': the holder asks for a copy of everything the account holds; the file is built in
 * the background and listed here, with a download link while it lasts.
 */
export function DataExportSection() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get(EXPORT_PARAM);
  const sectionRef = useRef<HTMLElement>(null);
  const arrived = useRef(false);

  const items = exports.data?.items ?? [];
  const building = items.some((item) => item.status === 'building');
  const wantedGone = wanted !== null && exports.isSuccess && !items.some(({ id }) => id === wanted);

  // The e-mail's link leads here: once the list is known, the section comes into view with focus.
  useEffect(() => {
    if (!wanted || arrived.current || exports.isPending) return;
    arrived.current = true;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    sectionRef.current?.focus({ preventScroll: true });
  }, [wanted, exports.isPending]);

  return (
    <SectionCard title={PRIVACY_MESSAGES.exportTitle} icon={FileArchive} ref={sectionRef} focusable>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-sm leading-6 text-ink-muted">
          Baixe uma cópia de tudo o que sua conta guarda: perfil, respostas, simulados, caderno de
          erros, compras, tokens, conversas com o tutor, erros reportados, mensagens de ajuda e
          termos aceitos, em arquivos JSON, e suas respostas também em CSV, para abrir numa
          planilha. O arquivo fica disponível por 24 horas.
        </p>
        <Button
          icon={Download}
          busy={request.isPending}
          disabled={building}
          onClick={() => request.mutate()}
          className="self-start sm:self-auto"
        >
          {PRIVACY_MESSAGES.exportButton}
        </Button>
      </div>

      {request.isError && (
        <Notice tone="error" className="mt-4">
          {errorMessage(request.error, PRIVACY_MESSAGES.exportFailed)}
        </Notice>
      )}
      {wantedGone && (
        <Notice tone="info" className="mt-4">
          {PRIVACY_MESSAGES.exportExpired}
        </Notice>
      )}
      {exports.isError && (
        <div className="mt-4">
          <QueryError
            message={errorMessage(exports.error, EXPORTS_LOAD_FAILED)}
            onRetry={() => void exports.refetch()}
            retrying={exports.isFetching}
          />
        </div>
      )}
      {items.length > 0 && (
        <ul aria-label="Arquivos pedidos" className="mt-4 space-y-3">
          {items.map((item) => (
            <ExportItem
              key={item.id}
              item={item}
              highlighted={item.id === wanted}
              onRetry={building ? undefined : () => request.mutate()}
              retrying={request.isPending}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
