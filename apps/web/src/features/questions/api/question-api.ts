import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkAnswerResponseSchema,
  questionChecksResponseSchema,
  questionStatsResponseSchema,
  type CheckAnswerResponse,
} from '@gabarita/shared';
import { apiRequest, noContent } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { questionPath, questionQueryOptions } from '@/domain/questions/question-queries';

/**
 * POST /questions/:id/open: registers the exam and the question in the user's history. The exam
 * list's eye icons change, so it is marked stale (refetched when shown again).
 */
export function useOpenQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiRequest(`${questionPath(questionId)}/open`, noContent, { method: 'POST', body: {} }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.examSearch, refetchType: 'none' }),
  });
}

/**
 * POST /questions/:id/check {letter}: the server decides. The answer is stored in the question's
 * cache (coming back shows the result) and every list with correct/wrong marks is marked stale.
 * A free account past its daily checks gets 402 'limit/question'.
 */
export function useCheckAnswer(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (letter: string) =>
      apiRequest(`${questionPath(questionId)}/check`, checkAnswerResponseSchema, {
        method: 'POST',
        body: { letter },
      }),
    // Every attempt may change today's free checks (the limit answer included), and a check past
    // the limit spends package tokens.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.tokens, refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: QUERY_KEYS.questionChecks });
    },
    onSuccess: (result: CheckAnswerResponse, letter) => {
      // The history keeps the first answer only; a later one changes nothing there.
      queryClient.setQueryData(questionQueryOptions(questionId).queryKey, (question) =>
        question && !question.recordedAnswer
          ? {
              ...question,
              recordedAnswer: {
                letter,
                response: result.correct ? ('c' as const) : ('e' as const),
                answeredAt: new Date().toISOString(),
              },
            }
          : question,
      );
      // The notebook moved (docs/product-rules.md, "Mistakes notebook"): its count refreshes now.
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.review });
      return queryClient.invalidateQueries({ queryKey: QUERY_KEYS.answers, refetchType: 'none' });
    },
  });
}

/**
 * GET /me/question-checks: how many free checks are left today (free accounts only), and what the
 * next check costs from the package once they are used up.
 */
export function useQuestionChecks(enabled: boolean) {
  return useQuery({
    queryKey: QUERY_KEYS.questionChecks,
    queryFn: ({ signal }) =>
      apiRequest('/me/question-checks', questionChecksResponseSchema, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * GET /questions/:id/stats: how everyone answered first, once the user has checked (the server
 * refuses it before). Asked only after a check.
 */
export function useQuestionStats(questionId: string, checked: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.answers, 'question-stats', questionId],
    queryFn: ({ signal }) =>
      apiRequest(`${questionPath(questionId)}/stats`, questionStatsResponseSchema, { signal }),
    enabled: checked,
    staleTime: 60_000,
  });
}
