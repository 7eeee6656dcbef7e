import { useMutation } from '@tanstack/react-query';
import { supportResponseSchema, type ErrorReportInput } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /error-reports {questionId, type, text?}: 201 {message}. Reporting the same type again
 * answers success too, so the call is safe to retry.
 */
export function useReportError() {
  return useMutation({
    mutationFn: (report: ErrorReportInput) =>
      apiRequest('/error-reports', supportResponseSchema, { method: 'POST', body: report }),
  });
}
