import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionDetailSchema } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/** The API path of one question (its reads and its actions). */
export const questionPath = (questionId: string) => `/questions/${encodeURIComponent(questionId)}`;

/** GET /questions/:id: statement, alternatives, references, image and (once answered) the result. */
export function questionQueryOptions(questionId: string) {
  return queryOptions({
    queryKey: QUERY_KEYS.question(questionId),
    queryFn: ({ signal }) => apiRequest(questionPath(questionId), questionDetailSchema, { signal }),
    staleTime: 60_000,
  });
}

export function useQuestion(questionId: string) {
  return useQuery(questionQueryOptions(questionId));
}
