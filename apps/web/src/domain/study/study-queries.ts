import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  EXAM_FILTER_KEYS,
  questionFacetsResponseSchema,
  questionSearchResponseSchema,
  reviewResponseSchema,
  SEARCH_STATUSES,
  type QuestionSearchResponse,
  type SearchStatus,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { CATALOG_STALE_TIME } from '@/domain/catalog/catalog-queries';
import { QUERY_KEYS } from '@/domain/query-keys';

/*
 * Reads of the study tools used by more than one feature: the search screen and the question
 * viewer walk the same search results; the notebook, the viewer, the menu and the home page read
 * the mistakes notebook.
 */

/** The filters of a question search, as the search screen keeps them in its address. */
export const SEARCH_KEYS = ['q', ...EXAM_FILTER_KEYS, 'status'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
export type SearchValues = Record<SearchKey, string>;

export const EMPTY_SEARCH: SearchValues = Object.fromEntries(
  SEARCH_KEYS.map((key) => [key, '']),
) as SearchValues;

/** Reads the search from a query string ('q=…&instituicao=…'); unknown values are dropped. */
export function readSearch(params: URLSearchParams): SearchValues {
  const values = { ...EMPTY_SEARCH };
  for (const key of SEARCH_KEYS) values[key] = params.get(key)?.trim() ?? '';
  if (!SEARCH_STATUSES.includes(values.status as SearchStatus)) values.status = '';
  if (!values.disciplina) values.assunto = '';
  return values;
}

/** Only the parts that are set, in a stable order (equal searches share one cache entry). */
export function activeSearch(values: SearchValues): Record<string, string> {
  const active: Record<string, string> = {};
  for (const key of SEARCH_KEYS) if (values[key]) active[key] = values[key];
  return active;
}

export function searchQueryString(values: SearchValues): string {
  return new URLSearchParams(activeSearch(values)).toString();
}

function fetchSearchPage(
  active: Record<string, string>,
  cursor: string | null,
  signal: AbortSignal,
) {
  const params = new URLSearchParams(active);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest(`/questions/search${query}`, questionSearchResponseSchema, { signal });
}

/** GET /questions/search, 20 per page; `list` is the viewer's frozen copy. */
export function questionSearchInfiniteOptions(values: SearchValues, use: 'screen' | 'list') {
  const active = activeSearch(values);
  return infiniteQueryOptions({
    queryKey:
      use === 'screen' ? QUERY_KEYS.questionSearch(active) : QUERY_KEYS.questionSearchList(active),
    queryFn: ({ signal, pageParam }) => fetchSearchPage(active, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: QuestionSearchResponse) => lastPage.nextCursor,
    // The viewer's copy: fresh each time the viewer opens, then held while it is walked through.
    staleTime: use === 'screen' ? CATALOG_STALE_TIME : Infinity,
    refetchOnMount: use === 'list' ? 'always' : true,
  });
}

/** The options of the search filters: the exam list's facets for the same catalogue filters. */
export function searchOptionsQueryOptions(values: SearchValues) {
  const filters: Record<string, string> = {};
  for (const key of EXAM_FILTER_KEYS) if (values[key]) filters[key] = values[key];
  return queryOptions({
    queryKey: QUERY_KEYS.searchOptions(filters),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams(filters);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return (
        await apiRequest(`/questions/facets${query}`, questionFacetsResponseSchema, { signal })
      ).facets;
    },
    staleTime: 5 * 60_000,
  });
}

/** The notebook's filters (discipline and subject), as its address keeps them. */
export interface ReviewFilters {
  disciplina: string;
  assunto: string;
}

export function readReviewFilters(params: URLSearchParams): ReviewFilters {
  const disciplina = params.get('disciplina')?.trim() ?? '';
  return { disciplina, assunto: disciplina ? (params.get('assunto')?.trim() ?? '') : '' };
}

export function reviewQueryString(filters: ReviewFilters): string {
  const params = new URLSearchParams();
  if (filters.disciplina) params.set('disciplina', filters.disciplina);
  if (filters.assunto) params.set('assunto', filters.assunto);
  return params.toString();
}

/** GET /me/review (Premium); `list` is the viewer's frozen copy. */
export function reviewQueryOptions(filters: ReviewFilters, use: 'screen' | 'list') {
  const active: Record<string, string> = {};
  if (filters.disciplina) active.disciplina = filters.disciplina;
  if (filters.assunto) active.assunto = filters.assunto;
  const query = reviewQueryString(filters);
  return queryOptions({
    queryKey: use === 'screen' ? QUERY_KEYS.reviewNotebook(active) : QUERY_KEYS.reviewList(active),
    queryFn: ({ signal }) =>
      apiRequest(`/me/review${query ? `?${query}` : ''}`, reviewResponseSchema, { signal }),
    staleTime: use === 'screen' ? 0 : Infinity,
    refetchOnMount: use === 'list' ? 'always' : true,
  });
}
