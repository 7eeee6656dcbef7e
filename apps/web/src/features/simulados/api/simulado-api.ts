import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXAM_FILTER_KEYS,
  examSearchResponseSchema,
  simuladoListResponseSchema,
  simuladoSchema,
  type CreateSimuladoRequest,
  type ExamFilters,
  type Simulado,
} from '@gabarita/shared';
import { apiRequest, noContent } from '@/lib/api-client';
import { CATALOG_STALE_TIME } from '@/domain/catalog/catalog-queries';
import { QUERY_KEYS } from '@/domain/query-keys';

const simuladoPath = (id: string) => `/simulados/${encodeURIComponent(id)}`;

export function simuladoQueryOptions(id: string) {
  return queryOptions({
    queryKey: QUERY_KEYS.simulado(id),
    queryFn: ({ signal }) => apiRequest(simuladoPath(id), simuladoSchema, { signal }),
    // The page holds the answers itself while it runs; a refetch would only move the timer base.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** GET /simulados/:id: the simulado (the key and the result only once finished). */
export function useSimulado(id: string) {
  return useQuery(simuladoQueryOptions(id));
}

/** GET /simulados: the user's simulados, newest first. */
export function useSimulados(enabled = true) {
  return useQuery({
    queryKey: QUERY_KEYS.simulados,
    queryFn: ({ signal }) => apiRequest('/simulados', simuladoListResponseSchema, { signal }),
    enabled,
  });
}

/** POST /simulados (Premium). */
export function useCreateSimulado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSimuladoRequest) =>
      apiRequest('/simulados', simuladoSchema, { method: 'POST', body }),
    onSuccess: (simulado: Simulado) => {
      queryClient.setQueryData(QUERY_KEYS.simulado(simulado.id), simulado);
      return queryClient.invalidateQueries({ queryKey: QUERY_KEYS.simulados });
    },
  });
}

/** PUT /simulados/:id/answers/:questionId {letter}: repeatable; null leaves it blank. */
export function saveSimuladoAnswer(id: string, questionId: string, letter: string | null) {
  return apiRequest(`${simuladoPath(id)}/answers/${encodeURIComponent(questionId)}`, noContent, {
    method: 'PUT',
    body: { letter },
  });
}

/** POST /simulados/:id/finish: the result, the key, and the answers in the history. */
export function useFinishSimulado(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${simuladoPath(id)}/finish`, simuladoSchema, { method: 'POST', body: {} }),
    onSuccess: (simulado: Simulado) => {
      queryClient.setQueryData(QUERY_KEYS.simulado(id), simulado);
      // Every history mark (exam eyes, answered marks, statistics) may have changed.
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.answers, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.historySummary });
      return queryClient.invalidateQueries({ queryKey: QUERY_KEYS.simulados });
    },
  });
}

/** Only the filters that are set. */
export function activeFilters(filters: ExamFilters): ExamFilters {
  const active: ExamFilters = {};
  for (const key of EXAM_FILTER_KEYS) {
    const value = filters[key];
    if (value) active[key] = value;
  }
  return active;
}

/** GET /exams with the filters: the options (and counts) of each filter for the form. */
export function useFilterOptions(filters: ExamFilters) {
  const active = activeFilters(filters);
  return useQuery({
    queryKey: ['catalog', 'simulado-filter-options', active],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(active as Record<string, string>);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/exams${query}`, examSearchResponseSchema, { signal });
    },
    staleTime: CATALOG_STALE_TIME,
    placeholderData: (previous) => previous,
  });
}
