import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportResponseSchema, type ErrorReportInput } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/**
 * POST /error-reports {questionId, type, text?}: 201 {message}. Reporting the same type again
 * answers success too, so the call is safe to retry. 'Meus reportes' (/conta) lists it next time.
 */
export function useReportError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ErrorReportInput) =>
      apiRequest('/error-reports', supportResponseSchema, { method: 'POST', body: report }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.myReports, refetchType: 'none' }),
  });
}
