import { useQuery } from '@tanstack/react-query';
import { Archive, ArrowLeft, ExternalLink, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, cardClasses } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { StatePanel } from '@/components/ui/state-panel';
import { questionQueryOptions } from '@/domain/questions/question-queries';
import { questionViewerPath } from '@/domain/study/study-links';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  baseVersionOf,
  useQuestionEditing,
  useRestoreVersion,
  useSaveQuestion,
} from '../api/question-editor-api';
import {
  FINDER_FILTER_KEYS,
  type FinderFilters,
  QuestionFinder,
} from '../components/question-finder';
import { QuestionForm } from '../components/question-form';
import { ImageReplacer } from '../components/image-replacer';
import { VersionsPanel } from '../components/versions-panel';

/*
 * The page's address:
 *   /admin/questoes?busca=<words>          the finder, with the search's results
 *   /admin/questoes?q=<questionId>[&busca=<words>]   the editor (busca: where 'Voltar à busca' goes)
 */

const EDITING_LOAD_FAILED = 'Não foi possível carregar a questão. Tente novamente.';

/** The finder's address: the words and the filters that are set. */
function finderParams(search: string, filters: FinderFilters) {
  const params = new URLSearchParams(search ? { busca: search } : {});
  for (const key of FINDER_FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

function editorSearch(questionId: string, search: string): string {
  const params = new URLSearchParams({ q: questionId });
  if (search) params.set('busca', search);
  return `?${params.toString()}`;
}

function finderSearch(search: string): string {
  return search ? `?${new URLSearchParams({ busca: search }).toString()}` : '?';
}

function QuestionEditor({ questionId, search }: { questionId: string; search: string }) {
  const editing = useQuestionEditing(questionId);
  // The viewer's copy of the question has the image addresses the previews need; without it the
  // previews name each figure instead.
  const shown = useQuery({ ...questionQueryOptions(questionId), enabled: editing.isSuccess });
  const save = useSaveQuestion(questionId);
  const restore = useRestoreVersion(questionId);

  const reload = () => {
    save.reset();
    restore.reset();
    void editing.refetch();
  };

  const back = (
    <Link
      to={finderSearch(search)}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-2 mb-3' })}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {search ? 'Voltar à busca' : 'Buscar outra questão'}
    </Link>
  );

  if (editing.isPending) {
    return (
      <>
        {back}
        <div role="status" className={cardClasses({ className: 'h-64 animate-pulse' })}>
          <span className="sr-only">Carregando a questão...</span>
        </div>
      </>
    );
  }
  if (editing.isError) {
    const missing = editing.error instanceof ApiError && editing.error.status === 404;
    // Retired by an import: it returns only with its exam's file (docs/product-rules.md).
    const retired =
      editing.error instanceof ApiError && editing.error.code === 'editor/question-retired';
    return (
      <>
        {back}
        {retired ? (
          <StatePanel icon={Archive} title="Questão retirada do catálogo">
            {editing.error.message}
          </StatePanel>
        ) : missing ? (
          <StatePanel icon={SearchX} title="Questão não encontrada">
            Nenhuma questão tem o código <code className="break-all font-mono">{questionId}</code>.
            Confira o código ou busque a questão por palavras.
          </StatePanel>
        ) : (
          <QueryError
            message={errorMessage(editing.error, EDITING_LOAD_FAILED)}
            onRetry={() => void editing.refetch()}
            retrying={editing.isFetching}
          />
        )}
      </>
    );
  }

  const data = editing.data;
  return (
    <>
      {back}
      <Card as="header" aria-labelledby="questao-titulo">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id="questao-titulo" className="text-xl font-semibold text-ink">
              Questão {data.number}
            </h2>
            <p className="mt-0.5 text-sm text-ink">{data.examLabel}</p>
            <p className="mt-1 break-all font-mono text-xs text-ink-muted">{data.questionId}</p>
          </div>
          <a
            href={questionViewerPath({ prova: data.examId, q: data.questionId })}
            target="_blank"
            rel="noopener"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Abrir no visualizador
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </div>
      </Card>
      <QuestionForm
        // A new copy from the server (saved, restored, reloaded) starts the form again from it.
        key={editing.dataUpdatedAt}
        editing={data}
        figures={shown.data?.figures ?? []}
        saving={save.isPending}
        onSave={(snapshot) => {
          restore.reset();
          save.mutate({ snapshot, baseVersion: baseVersionOf(data) });
        }}
        saveError={save.error}
        savedMessage={save.data?.message}
        onReload={reload}
      />
      <ImageReplacer figures={shown.data?.figures ?? []} />
      <VersionsPanel
        editing={data}
        restore={restore}
        onRestoreStart={() => save.reset()}
        onReload={reload}
      />
    </>
  );
}

/**
 * 'Questões' of the editorial area (docs/product-rules.md, "Question versions"): find a question
 * (words or its code), then change its content, save it as a new version, compare and restore
 * versions. The question being edited lives in the address (?q=).
 */
export default function QuestionEditorPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const questionId = searchParams.get('q')?.trim() ?? '';
  const search = searchParams.get('busca')?.trim() ?? '';
  const filters = Object.fromEntries(
    FINDER_FILTER_KEYS.map((key) => [key, searchParams.get(key)?.trim() ?? '']),
  ) as FinderFilters;

  return (
    <Page
      title="Editor de questões"
      description={
        questionId
          ? 'Cada alteração salva vira uma versão, com quem, quando e o que mudou; qualquer versão pode ser restaurada.'
          : 'Encontre a questão pela busca ou pelo código para corrigir o enunciado, as alternativas, a classificação, os textos de referência e o comentário.'
      }
    >
      {questionId ? (
        <QuestionEditor key={questionId} questionId={questionId} search={search} />
      ) : (
        <QuestionFinder
          search={search}
          onSearch={(text) => setSearchParams(finderParams(text, filters), { replace: true })}
          filters={filters}
          onFilters={(next) => setSearchParams(finderParams(search, next), { replace: true })}
          onOpen={(id) => setSearchParams(new URLSearchParams(editorSearch(id, search)))}
          hrefOf={(id) => editorSearch(id, search)}
        />
      )}
    </Page>
  );
}
