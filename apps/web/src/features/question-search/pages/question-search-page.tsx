import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  SEARCH_STATUS_LABELS,
  SEARCH_STATUSES,
  SEARCH_TEXT_MAX,
  STUDY_TOOLS_MESSAGES,
  type ExamFilterKey,
  CATALOG_MESSAGES,
} from '@gabarita/shared';
import { FilterX, Search, SearchX, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, cardClasses } from '@/components/ui/card';
import { INPUT_CLASSES, LABEL_CLASSES } from '@/components/ui/field-styles';
import { LoadMore } from '@/components/ui/load-more';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { errorMessage } from '@/lib/api-client';
import { searchViewerPath } from '@/domain/study/study-links';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  EMPTY_SEARCH,
  questionSearchInfiniteOptions,
  readSearch,
  searchOptionsQueryOptions,
  searchQueryString,
  type SearchKey,
  type SearchValues,
} from '@/domain/study/study-queries';
import { QuestionResultCard } from '@/domain/questions/question-result-card';
import { EXAM_FILTER_LABELS, filterOptionsFor } from '@/domain/catalog/catalog-text';

const FILTER_ORDER: ExamFilterKey[] = [
  'tipo',
  'instituicao',
  'orgao',
  'cargo',
  'ano',
  'nivel',
  'disciplina',
  'assunto',
];
const STATUS_OPTIONS = SEARCH_STATUSES.map((value) => ({
  value,
  label: SEARCH_STATUS_LABELS[value],
}));

const found = (total: number, capped: boolean) =>
  capped
    ? `Mais de ${total.toLocaleString('pt-BR')} questões encontradas`
    : CATALOG_MESSAGES.questionsFound(total);

function LoadingCards() {
  return (
    <div role="status">
      <span className="sr-only">Buscando questões...</span>
      <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <li
            key={index}
            className={cardClasses({ className: 'animate-pulse motion-reduce:animate-none' })}
          >
            <div className="h-4 w-2/3 rounded bg-surface-muted" />
            <div className="mt-3 h-4 w-1/3 rounded bg-surface-muted" />
            <div className="mt-4 h-12 rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Buscar questões': words of statements and alternatives plus the catalogue filters and the
 * user's own status (docs/product-rules.md, "Question search"). The search lives in the address,
 * so the viewer can walk its results and come back to it.
 */
export default function QuestionSearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = readSearch(searchParams);
  const [text, setText] = useState(values.q);
  const [lastQ, setLastQ] = useState(values.q);
  // The address changed the text (back, a link): the field follows.
  if (lastQ !== values.q) {
    setLastQ(values.q);
    setText(values.q);
  }

  const results = useInfiniteQuery({
    ...questionSearchInfiniteOptions(values, 'screen'),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    ...searchOptionsQueryOptions(values),
    placeholderData: keepPreviousData,
  });
  const queryString = searchQueryString(values);

  const update = (changes: Partial<SearchValues>) => {
    const next = { ...values, ...changes };
    if (changes.disciplina !== undefined && changes.disciplina !== values.disciplina) {
      next.assunto = '';
    }
    setSearchParams(new URLSearchParams(searchQueryString(next)), { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() });
  };
  const hasFilters = (Object.keys(values) as SearchKey[]).some((key) => values[key] !== '');
  const clear = () => {
    setText('');
    setSearchParams(new URLSearchParams(searchQueryString(EMPTY_SEARCH)), { replace: true });
  };

  // Phones: the nine filters fold away behind one button, so the results are in sight.
  const narrow = useMediaQuery('(max-width: 639px)');
  const [filtersShown, setFiltersShown] = useState(false);
  const activeFilters =
    FILTER_ORDER.filter((key) => values[key] !== '').length + (values.status ? 1 : 0);
  const filtersOpen = !narrow || filtersShown;

  const pages = results.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const failed = results.isError && !results.isFetchNextPageError;

  let body;
  if (results.isPending) body = <LoadingCards />;
  else if (failed) {
    body = (
      <QueryError
        message={errorMessage(results.error, STUDY_TOOLS_MESSAGES.searchLoadFailed)}
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <StatePanel
        icon={SearchX}
        title="Nenhuma questão encontrada"
        action={
          hasFilters && (
            <Button variant="secondary" onClick={clear}>
              Limpar busca
            </Button>
          )
        }
      >
        {STUDY_TOOLS_MESSAGES.searchEmpty} Tente outras palavras ou remova algum filtro.
      </StatePanel>
    );
  } else {
    body = (
      <>
        <ul
          aria-label="Questões encontradas"
          className={`grid gap-4 transition-opacity md:grid-cols-2 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {items.map((question) => (
            <li key={question.id}>
              <QuestionResultCard
                question={question}
                href={searchViewerPath(queryString, question.id)}
              />
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
    <Page
      title={STUDY_TOOLS_MESSAGES.searchTitle}
      description="Procure por palavras do enunciado e das alternativas, sem se preocupar com acentos, e filtre por banca, órgão, disciplina ou pelo que você já resolveu."
    >
      <Card as="section" padding="sm" aria-label="Busca e filtros">
        <form role="search" onSubmit={submit}>
          <label htmlFor="busca-texto" className={LABEL_CLASSES}>
            Palavras
          </label>
          <div className="flex gap-2">
            <input
              id="busca-texto"
              type="search"
              value={text}
              maxLength={SEARCH_TEXT_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder={STUDY_TOOLS_MESSAGES.searchPlaceholder}
              enterKeyHint="search"
              className={INPUT_CLASSES}
            />
            <Button type="submit" icon={Search} className="shrink-0">
              Buscar
            </Button>
          </div>
          <p className="mt-1.5 text-xs text-ink-muted">
            Use aspas para uma expressão exata (&quot;recurso hídrico&quot;) e o sinal de menos para
            excluir uma palavra (-penal).
          </p>
        </form>
        {narrow && (
          <Button
            variant="secondary"
            icon={SlidersHorizontal}
            className="mt-4 w-full"
            aria-expanded={filtersOpen}
            aria-controls="filtros-busca"
            onClick={() => setFiltersShown(!filtersOpen)}
          >
            {filtersOpen ? 'Esconder filtros' : 'Mostrar filtros'}
            {activeFilters > 0 && ` (${activeFilters})`}
          </Button>
        )}
        <div
          id="filtros-busca"
          className={`mt-5 gap-4 sm:grid-cols-2 xl:grid-cols-4 ${filtersOpen ? 'grid' : 'hidden'}`}
        >
          {FILTER_ORDER.map((key) => {
            const needsDiscipline = key === 'assunto' && !values.disciplina;
            return (
              <SearchableSelect
                key={key}
                label={EXAM_FILTER_LABELS[key]}
                options={filterOptionsFor(key, options.data?.[key])}
                value={values[key]}
                onChange={(value) => update({ [key]: value })}
                disabled={needsDiscipline}
                placeholder={needsDiscipline ? 'Escolha uma disciplina' : undefined}
              />
            );
          })}
          <SearchableSelect
            label="Minha situação"
            options={STATUS_OPTIONS}
            value={values.status}
            onChange={(value) => update({ status: value })}
          />
        </div>
        <div className={`mt-4 sm:justify-end ${filtersOpen ? 'sm:flex' : 'hidden'}`}>
          <Button
            variant="secondary"
            icon={FilterX}
            onClick={clear}
            disabled={!hasFilters}
            className="w-full sm:w-auto"
          >
            Limpar busca
          </Button>
        </div>
      </Card>

      <div className="mb-4 mt-8 flex min-h-6 items-center gap-2">
        {pages[0] && !failed && (
          <p role="status" className="text-sm font-medium text-ink">
            {found(pages[0].total, pages[0].totalCapped)}
          </p>
        )}
        {results.isFetching && !results.isPending && !results.isFetchingNextPage && (
          <Spinner className="size-4" />
        )}
      </div>
      {body}
    </Page>
  );
}
