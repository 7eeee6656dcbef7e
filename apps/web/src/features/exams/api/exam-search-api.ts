import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  EXAM_FILTER_KEYS,
  examSearchResponseSchema,
  type ExamFilters,
  type ExamSearchResponse,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { CATALOG_STALE_TIME } from '@/domain/catalog/catalog-queries';
import { QUERY_KEYS } from '@/domain/query-keys';

/** Only the filters that are set, so equal searches share one cache entry. */
function activeFilters(filters: ExamFilters): ExamFilters {
  const active: ExamFilters = {};
  for (const key of EXAM_FILTER_KEYS) {
    const value = filters[key];
    if (value) active[key] = value;
  }
  return active;
}

/** GET /exams?filters&cursor, 15 per page, with the options of every filter (facets). */
export function examSearchInfiniteOptions(filters: ExamFilters) {
  const active = activeFilters(filters);
  return infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.examSearch, active],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(active as Record<string, string>);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/exams${query}`, examSearchResponseSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ExamSearchResponse) => lastPage.nextCursor,
    staleTime: CATALOG_STALE_TIME,
  });
}

/** Keeps showing the previous result (and its filter options) while a new filter loads. */
export function useExamSearch(filters: ExamFilters) {
  return useInfiniteQuery({
    ...examSearchInfiniteOptions(filters),
    placeholderData: keepPreviousData,
  });
}
