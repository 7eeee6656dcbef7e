import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SEARCH_TEXT_MAX, STUDY_TOOLS_MESSAGES, CATALOG_MESSAGES } from '@gabarita/shared';
import { Search, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { OpenByCodeForm } from '@/components/ui/open-by-code-form';
import { Card, cardClasses } from '@/components/ui/card';
import { INPUT_CLASSES, LABEL_CLASSES } from '@/components/ui/field-styles';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { StatePanel } from '@/components/ui/state-panel';
import { TextFilter } from '@/components/ui/text-filter';
import { disciplinesQueryOptions } from '@/domain/catalog/catalog-queries';
import { QuestionResultCard } from '@/domain/questions/question-result-card';
import { EMPTY_SEARCH, questionSearchInfiniteOptions } from '@/domain/study/study-queries';
import { errorMessage } from '@/lib/api-client';

const found = (total: number, capped: boolean) =>
  capped
    ? `Mais de ${total.toLocaleString('pt-BR')} questões encontradas`
    : CATALOG_MESSAGES.questionsFound(total);

/** The search's filters the finder offers (kept in the address with the words). */
export const FINDER_FILTER_KEYS = ['disciplina', 'instituicao', 'ano'] as const;
export type FinderFilters = Record<(typeof FINDER_FILTER_KEYS)[number], string>;

interface QuestionFinderProps {
  /** The words searched (kept in the address). */
  search: string;
  onSearch: (text: string) => void;
  filters: FinderFilters;
  onFilters: (filters: FinderFilters) => void;
  onOpen: (questionId: string) => void;
  /** The editor's address of a question found (the search stays in it, for coming back). */
  hrefOf: (questionId: string) => string;
}

/** Finds the question to edit: the public search by words, or its code. */
export function QuestionFinder({
  search,
  onSearch,
  filters,
  onFilters,
  onOpen,
  hrefOf,
}: QuestionFinderProps) {
  const disciplines = useQuery(disciplinesQueryOptions);
  const searching = search !== '' || Object.values(filters).some(Boolean);
  const [text, setText] = useState(search);
  const [lastSearch, setLastSearch] = useState(search);
  // The address changed the search (back, a link): the field follows.
  if (lastSearch !== search) {
    setLastSearch(search);
    setText(search);
  }
  const results = useInfiniteQuery({
    ...questionSearchInfiniteOptions({ ...EMPTY_SEARCH, ...filters, q: search }, 'screen'),
    enabled: searching,
    placeholderData: keepPreviousData,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  const pages = results.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  let body;
  if (!searching) body = null;
  else if (results.isPending) {
    body = (
      <div role="status" className={cardClasses({ className: 'h-32 animate-pulse' })}>
        <span className="sr-only">Buscando questões...</span>
      </div>
    );
  } else if (results.isError && !results.isFetchNextPageError) {
    body = (
      <QueryError
        message={errorMessage(results.error, STUDY_TOOLS_MESSAGES.searchLoadFailed)}
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <StatePanel icon={SearchX} title="Nenhuma questão encontrada">
        Tente outras palavras ou filtros, ou abra a questão pelo código.
      </StatePanel>
    );
  } else {
    body = (
      <>
        {pages[0] && (
          <p role="status" className="mb-3 text-sm font-medium text-ink">
            {found(pages[0].total, pages[0].totalCapped)}
          </p>
        )}
        <ul
          aria-label="Questões encontradas"
          className={`grid gap-4 transition-opacity md:grid-cols-2 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {items.map((question) => (
            <li key={question.id}>
              <QuestionResultCard question={question} href={hrefOf(question.id)} />
            </li>
          ))}
        </ul>
        {results.isFetchNextPageError && (
          <Notice tone="error" className="mt-6">
            {STUDY_TOOLS_MESSAGES.searchLoadFailed}
          </Notice>
        )}
        <LoadMore
          hasNextPage={results.hasNextPage}
          isFetchingNextPage={results.isFetchingNextPage}
          onLoadMore={() => void results.fetchNextPage()}
          paused={results.isFetchNextPageError || results.isPlaceholderData}
        />
      </>
    );
  }

  return (
    <>
      <Card as="section" aria-label="Encontrar a questão" padding="sm" className="space-y-5">
        <form role="search" onSubmit={submit}>
          <label htmlFor="editor-busca" className={LABEL_CLASSES}>
            Buscar por palavras
          </label>
          <div className="flex gap-2">
            <input
              id="editor-busca"
              type="search"
              value={text}
              maxLength={SEARCH_TEXT_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder={STUDY_TOOLS_MESSAGES.searchPlaceholder}
              enterKeyHint="search"
              className={INPUT_CLASSES}
            />
            <Button type="submit" icon={Search}>
              Buscar
            </Button>
          </div>
        </form>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium text-ink">Filtros</legend>
          <SearchableSelect
            label="Disciplina"
            options={(disciplines.data?.disciplines ?? []).map((discipline) => ({
              value: discipline.code,
              label: discipline.name,
            }))}
            value={filters.disciplina}
            onChange={(disciplina) => onFilters({ ...filters, disciplina })}
          />
          <TextFilter
            label="Banca"
            value={filters.instituicao}
            onChange={(instituicao) => onFilters({ ...filters, instituicao })}
            maxLength={100}
          />
          <TextFilter
            label="Ano"
            value={filters.ano}
            onChange={(ano) => onFilters({ ...filters, ano })}
            maxLength={4}
          />
        </fieldset>
        <div className="border-t border-line pt-5">
          <OpenByCodeForm
            label="Abrir por código"
            description='O código da questão, por exemplo "cmvv_2017_matematica_prova_3" (no visualizador, é o que vem depois de "q=" no endereço).'
            emptyMessage="Digite o código da questão."
            onOpen={onOpen}
          />
        </div>
      </Card>
      {body && <div className="mt-6">{body}</div>}
    </>
  );
}
