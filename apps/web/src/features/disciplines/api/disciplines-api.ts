import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { disciplinesResponseSchema } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import {
  CATALOG_STALE_TIME,
  disciplineQuestionsInfiniteOptions,
} from '@/domain/catalog/catalog-queries';
import { QUERY_KEYS } from '@/domain/query-keys';

/** GET /disciplines: the 23 disciplines with their subjects and question counts. */
export const disciplinesQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.disciplines,
  queryFn: ({ signal }) => apiRequest('/disciplines', disciplinesResponseSchema, { signal }),
  staleTime: CATALOG_STALE_TIME,
});

export function useDisciplines() {
  return useQuery(disciplinesQueryOptions);
}

/** GET /disciplines/:code/questions, 10 per page; idle without a discipline. */
export function useDisciplineQuestions(code: string, assunto: string, hideOutdated = false) {
  return useInfiniteQuery({
    ...disciplineQuestionsInfiniteOptions(code, assunto, hideOutdated),
    enabled: code !== '',
  });
}
