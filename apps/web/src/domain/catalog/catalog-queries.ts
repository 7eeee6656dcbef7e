import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  disciplineQuestionsResponseSchema,
  disciplinesResponseSchema,
  examDetailResponseSchema,
  examSearchResponseSchema,
  type DisciplineQuestionsResponse,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/*
 * Catalogue reads used by more than one feature (the exam dashboard and the question viewer both
 * list an exam's questions; the isolated subjects and the viewer both page a discipline). Features
 * wrap these in their own hooks.
 */

export const CATALOG_STALE_TIME = 30_000;

/** GET /disciplines: the disciplines with their subjects and question counts. */
export const disciplinesQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.disciplines,
  queryFn: ({ signal }) => apiRequest('/disciplines', disciplinesResponseSchema, { signal }),
  staleTime: CATALOG_STALE_TIME,
});

/**
 * The kinds of exam the catalogue has (GET /exams without filters: its Tipo options), for the
 * menu's entry of each kind. Under the exam search's key, so an import's refresh reaches it.
 */
export const examKindsQueryOptions = queryOptions({
  queryKey: [...QUERY_KEYS.examSearch, 'kinds'],
  queryFn: async ({ signal }) => {
    const response = await apiRequest('/exams', examSearchResponseSchema, { signal });
    return response.facets.tipo.map((option) => option.value);
  },
  staleTime: CATALOG_STALE_TIME,
});

/** GET /exams/:examId: the exam and its question cards with the user's marks. */
export function examDetailQueryOptions(examId: string) {
  return queryOptions({
    queryKey: QUERY_KEYS.examDetail(examId),
    queryFn: ({ signal }) =>
      apiRequest(`/exams/${encodeURIComponent(examId)}`, examDetailResponseSchema, { signal }),
    staleTime: CATALOG_STALE_TIME,
  });
}

/**
 * GET /disciplines/:code/questions?assunto&cursor, 10 per page. `assunto` '' means every subject;
 * `hideOutdated` leaves outdated questions out.
 */
export function disciplineQuestionsInfiniteOptions(
  code: string,
  assunto: string,
  hideOutdated = false,
) {
  return infiniteQueryOptions({
    queryKey: QUERY_KEYS.disciplineQuestions(code, assunto, hideOutdated),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams();
      if (assunto) params.set('assunto', assunto);
      if (hideOutdated) params.set('ocultarDesatualizadas', 'true');
      if (pageParam) params.set('cursor', pageParam);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(
        `/disciplines/${encodeURIComponent(code)}/questions${query}`,
        disciplineQuestionsResponseSchema,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: DisciplineQuestionsResponse) => lastPage.nextCursor,
    staleTime: CATALOG_STALE_TIME,
  });
}
