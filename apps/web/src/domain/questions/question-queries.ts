import { queryOptions, useQuery } from '@tanstack/react-query';
import { questionCommentaryResponseSchema, questionDetailSchema } from '@gabarita/shared';
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

/**
 * GET /questions/:id/commentary: the team's comment, once the user has checked (the server refuses
 * it before). The viewer shows it; the tutor leaves out what it would repeat.
 */
export function useQuestionCommentary(questionId: string, checked: boolean) {
  return useQuery({
    queryKey: QUERY_KEYS.questionCommentary(questionId),
    queryFn: ({ signal }) =>
      apiRequest(`${questionPath(questionId)}/commentary`, questionCommentaryResponseSchema, {
        signal,
      }),
    enabled: checked,
    staleTime: 5 * 60_000,
  });
}
