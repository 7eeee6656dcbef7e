import { useQuery } from '@tanstack/react-query';
import {
  CADERNO_MAX_QUESTIONS,
  PATHS,
  STUDY_TOOLS_MESSAGES,
  countLabel,
  type ReviewItem,
} from '@gabarita/shared';
import { ArrowLeft, FileDown, FileSpreadsheet, Layers, NotebookPen, Printer } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, cardClasses } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { StatePanel } from '@/components/ui/state-panel';
import { subjectBeside } from '@/domain/catalog/catalog-text';
import { PlanBadge } from '@/domain/plans/plan-badge';
import { PremiumInvitationCard } from '@/domain/plans/premium-invitation-card';
import { useSession } from '@/domain/session/session';
import { reviewQueryOptions } from '@/domain/study/study-queries';
import { errorMessage } from '@/lib/api-client';
import { type DownloadProgress, downloadFile } from '@/lib/download-file';

const DOWNLOAD_FAILED = 'Não foi possível gerar o arquivo. Tente novamente.';

type DownloadState =
  | { status: 'idle' }
  | { status: 'working'; progress: DownloadProgress | null }
  | { status: 'done' }
  | { status: 'failed'; message: string };

function progressText(working: string, progress: DownloadProgress | null): string {
  if (!progress) return working;
  if (progress.total) {
    return `Baixando: ${Math.round((progress.received / progress.total) * 100)}%`;
  }
  return `Baixando: ${(progress.received / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** One download: its button, then what it is doing, what went wrong or that it is done. */
function useDownload() {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const start = async (path: string, options: Parameters<typeof downloadFile>[1] = {}) => {
    setState({ status: 'working', progress: null });
    try {
      await downloadFile(path, {
        ...options,
        onProgress: (progress) => setState({ status: 'working', progress }),
      });
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, DOWNLOAD_FAILED) });
    }
  };
  return { state, start };
}

function DownloadStatus({
  state,
  working,
  done,
}: {
  state: DownloadState;
  working: string;
  done: string;
}) {
  return (
    <div aria-live="polite" className="mt-3 min-h-6 text-sm">
      {state.status === 'working' && (
        <p className="text-ink-muted">{progressText(working, state.progress)}</p>
      )}
      {state.status === 'done' && <p className="font-medium text-primary-ink">{done}</p>}
      {state.status === 'failed' && <Notice tone="error">{state.message}</Notice>}
    </div>
  );
}

function FileCard({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: typeof Layers;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="flex flex-col">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-ink">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 id={id} className="text-base font-semibold text-ink">
          {title}
        </h2>
      </div>
      {children}
    </Card>
  );
}

function QuickFiles() {
  const anki = useDownload();
  const csv = useDownload();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FileCard id="exportar-anki" icon={Layers} title="Anki">
        <p className="mt-3 flex-1 text-sm leading-6 text-ink-muted">
          Um arquivo para o Anki (Arquivo → Importar): uma nota por questão, com o gabarito, o
          comentário da equipe e o fundamento no verso, um baralho por disciplina e o assunto como
          etiqueta. Exportar de novo atualiza as notas, sem duplicar.
        </p>
        <Button
          className="mt-4 self-start"
          icon={FileDown}
          busy={anki.state.status === 'working'}
          onClick={() => void anki.start('/me/review/export/anki')}
        >
          Baixar para o Anki
        </Button>
        <DownloadStatus
          state={anki.state}
          working="Preparando o arquivo do Anki..."
          done="Arquivo do Anki baixado."
        />
      </FileCard>
      <FileCard id="exportar-planilha" icon={FileSpreadsheet} title="Planilha (CSV)">
        <p className="mt-3 flex-1 text-sm leading-6 text-ink-muted">
          Uma linha por questão: a prova, sua primeira resposta, o gabarito, o dia do erro, a
          disciplina, o assunto e o link. Abre no Excel, no LibreOffice e no Google Planilhas.
        </p>
        <Button
          className="mt-4 self-start"
          variant="secondary"
          icon={FileDown}
          busy={csv.state.status === 'working'}
          onClick={() => void csv.start('/me/review/export/csv')}
        >
          Baixar planilha
        </Button>
        <DownloadStatus
          state={csv.state}
          working="Preparando a planilha..."
          done="Planilha baixada."
        />
      </FileCard>
    </div>
  );
}

function questionLabel(item: ReviewItem): string {
  return `${item.examLabel} · Questão ${item.number}`;
}

function CadernoCard({ items }: { items: ReviewItem[] }) {
  const caderno = useDownload();
  const listId = useId();
  const [discipline, setDiscipline] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [withKey, setWithKey] = useState(true);
  const [withComments, setWithComments] = useState(true);
  const disciplines = useMemo(
    () =>
      [...new Map(items.map((item) => [item.disciplina, item.disciplinaNome])).entries()]
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [items],
  );
  const shown = discipline ? items.filter((item) => item.disciplina === discipline) : items;
  const allShownChosen = shown.length > 0 && shown.every((item) => chosen.has(item.id));
  const toggle = (ids: string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  // In the notebook's order, whatever order they were ticked in.
  const questionIds = items.filter((item) => chosen.has(item.id)).map((item) => item.id);
  const tooMany = questionIds.length > CADERNO_MAX_QUESTIONS;

  return (
    <FileCard id="exportar-caderno" icon={Printer} title="Caderno para imprimir (PDF)">
      <p className="mt-3 text-sm leading-6 text-ink-muted">
        Escolha as questões (até {CADERNO_MAX_QUESTIONS}): o caderno traz os textos, as figuras e as
        alternativas; o gabarito, se quiser, fica numa página no final.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,18rem)_auto] sm:items-end">
        <SearchableSelect
          label="Disciplina"
          options={disciplines}
          value={discipline}
          onChange={setDiscipline}
        />
        <CheckboxField
          checked={allShownChosen}
          onChange={(on) =>
            toggle(
              shown.map((item) => item.id),
              on,
            )
          }
          className="sm:mb-2.5"
        >
          {discipline ? 'Todas desta disciplina' : 'Todas'} ({shown.length})
        </CheckboxField>
      </div>
      <ul
        id={listId}
        aria-label="Questões do caderno"
        className="mt-4 max-h-80 divide-y divide-line overflow-y-auto rounded-lg border border-line"
      >
        {shown.map((item) => (
          <li key={item.id} className="px-3 py-2.5">
            <CheckboxField
              checked={chosen.has(item.id)}
              onChange={(on) => toggle([item.id], on)}
              className="w-full"
            >
              <span className="min-w-0">
                <span className="block">{questionLabel(item)}</span>
                <span className="block text-xs font-normal text-ink-muted">
                  {[item.disciplinaNome, subjectBeside(item.disciplinaNome, item.assunto)]
                    .filter(Boolean)
                    .join(' › ')}
                </span>
              </span>
            </CheckboxField>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2.5">
        <CheckboxField checked={withKey} onChange={setWithKey}>
          Incluir o gabarito no final
        </CheckboxField>
        {withKey && (
          <CheckboxField checked={withComments} onChange={setWithComments} className="ml-6">
            Com o comentário da equipe e o fundamento
          </CheckboxField>
        )}
      </div>
      {tooMany && (
        <Notice tone="warning" className="mt-4">
          {`Um caderno leva até ${CADERNO_MAX_QUESTIONS} questões: desmarque ${questionIds.length - CADERNO_MAX_QUESTIONS}.`}
        </Notice>
      )}
      <Button
        className="mt-4 self-start"
        icon={Printer}
        aria-controls={listId}
        disabled={questionIds.length === 0 || tooMany}
        busy={caderno.state.status === 'working'}
        onClick={() =>
          void caderno.start('/me/review/export/caderno', {
            method: 'POST',
            body: { questionIds, withKey, withComments: withKey && withComments },
          })
        }
      >
        {questionIds.length === 0
          ? 'Gerar caderno'
          : `Gerar caderno (${countLabel(questionIds.length, 'questão', 'questões')})`}
      </Button>
      <DownloadStatus
        state={caderno.state}
        working={`Gerando o caderno de ${countLabel(questionIds.length, 'questão', 'questões')}...`}
        done="Caderno baixado."
      />
    </FileCard>
  );
}

function Exports() {
  const notebook = useQuery(reviewQueryOptions({ disciplina: '', assunto: '' }, 'screen'));
  if (notebook.isPending) {
    return (
      <div role="status" className={cardClasses({ className: 'h-40 animate-pulse' })}>
        <span className="sr-only">Carregando o caderno de erros...</span>
      </div>
    );
  }
  if (notebook.isError) {
    return (
      <QueryError
        message={errorMessage(notebook.error, STUDY_TOOLS_MESSAGES.reviewLoadFailed)}
        onRetry={() => void notebook.refetch()}
        retrying={notebook.isFetching}
      />
    );
  }
  if (notebook.data.total === 0) {
    return <StatePanel icon={NotebookPen}>{STUDY_TOOLS_MESSAGES.reviewEmpty}</StatePanel>;
  }
  return (
    <div className="space-y-4">
      <QuickFiles />
      <CadernoCard items={notebook.data.items} />
    </div>
  );
}

const INVITATION_FEATURES = [
  { icon: Layers, text: 'Leve seus erros para o Anki, com o gabarito e o comentário no verso' },
  { icon: FileSpreadsheet, text: 'Uma planilha do caderno, para organizar do seu jeito' },
  { icon: Printer, text: 'Um caderno em PDF para imprimir, com o gabarito no final' },
] as const;

/** The mistakes notebook as files other tools take (docs/product-rules.md, "Notebook export"). */
export default function NotebookExportPage() {
  const session = useSession();
  const accountType = session.data?.user?.accountType;
  return (
    <Page
      title="Exportar o caderno de erros"
      description="Seus erros fora do Gabarita: no Anki, numa planilha ou num caderno impresso."
      badge={accountType && <PlanBadge premium={accountType === 'premium'} />}
      actions={
        <Link
          to={PATHS.mistakes.path}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-ink hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Voltar ao caderno
        </Link>
      }
    >
      {accountType === 'premium' ? (
        <Exports />
      ) : accountType ? (
        <PremiumInvitationCard
          id="convite-exportar"
          title="Estude seus erros onde quiser"
          message={STUDY_TOOLS_MESSAGES.reviewPremiumOnly}
          features={INVITATION_FEATURES}
        />
      ) : null}
    </Page>
  );
}
