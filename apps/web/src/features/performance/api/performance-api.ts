import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  historySummaryResponseSchema,
  progressResponseSchema,
  type ProgressGrouping,
  simuladoListResponseSchema,
  type HistorySummaryResponse,
} from '@gabarita/shared';
import { apiRequest, noContent } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/**
 * GET /me/history/summary. Always refetched when the page is shown (answers given elsewhere change
 * it); `disciplines` is null for free accounts.
 */
export function useHistorySummary() {
  return useQuery({
    queryKey: QUERY_KEYS.historySummary,
    queryFn: ({ signal }) =>
      apiRequest('/me/history/summary', historySummaryResponseSchema, { signal }),
    staleTime: 0,
  });
}

/**
 * DELETE /me/history: forgets every answer and opened exam. The summary becomes empty at once (and
 * is confirmed by a refetch); every answer that shows history marks (lists with correct/wrong
 * marks or eye icons, and each question's recorded answer) is marked stale at once.
 */
export function useResetHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/me/history', noContent, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData<HistorySummaryResponse>(QUERY_KEYS.historySummary, (summary) =>
        summary
          ? {
              totals: { answered: 0, correct: 0, wrong: 0, successRate: 0 },
              disciplines: summary.disciplines === null ? null : [],
            }
          : summary,
      );
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.historySummary });
      void queryClient.invalidateQueries({ queryKey: ['user', 'history', 'progress'] });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.answers });
    },
  });
}

/** GET /simulados: the results listed on the page (finished ones). */
export function useSimuladoResults() {
  return useQuery({
    queryKey: QUERY_KEYS.simulados,
    queryFn: ({ signal }) => apiRequest('/simulados', simuladoListResponseSchema, { signal }),
    staleTime: 0,
  });
}

/** GET /me/history/progress?by=: Premium only, as the breakdown by discipline. */
export function useProgress(by: ProgressGrouping, enabled: boolean) {
  return useQuery({
    queryKey: QUERY_KEYS.historyProgress(by),
    queryFn: ({ signal }) =>
      apiRequest(`/me/history/progress?by=${by}`, progressResponseSchema, { signal }),
    enabled,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
