import { useMutation, useQueryClient } from '@tanstack/react-query';
import { examOptionChoiceResponseSchema, type ExamDetailResponse } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/** The exam detail as it reads once `chosenOption` is the user's block: common + that block. */
function withChoice(detail: ExamDetailResponse, chosenOption: string): ExamDetailResponse {
  return {
    exam: { ...detail.exam, chosenOption },
    questions: detail.questions.filter(
      (question) => question.optionKey === null || question.optionKey === chosenOption,
    ),
  };
}

/**
 * PUT /exams/:examId/opcao {opcao}: the option block the user takes in this exam (the exam
 * dashboard and simulados ask for it). The cached exam then lists the common questions and the
 * chosen block's only; statistics and every list with marks may follow the choice, so they are
 * marked stale.
 */
export function useChooseExamOption(examId: string) {
  const queryClient = useQueryClient();
  const detailKey = QUERY_KEYS.examDetail(examId);
  return useMutation({
    mutationFn: (opcao: string) =>
      apiRequest(`/exams/${encodeURIComponent(examId)}/opcao`, examOptionChoiceResponseSchema, {
        method: 'PUT',
        body: { opcao },
      }),
    onSuccess: async ({ chosenOption }) => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.answers, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['user', 'history'], refetchType: 'none' });
      const cached = queryClient.getQueryData<ExamDetailResponse>(detailKey);
      if (cached && cached.exam.chosenOption === null) {
        // Before a choice the cache holds every block: the chosen one is already there.
        queryClient.setQueryData<ExamDetailResponse>(detailKey, withChoice(cached, chosenOption));
        void queryClient.invalidateQueries({ queryKey: detailKey });
        return;
      }
      // A change: the new block's questions come from the server. The mutation stays pending until
      // they arrive, so the list never shows one block under the other's name.
      await queryClient.invalidateQueries({ queryKey: detailKey });
      const fresh = queryClient.getQueryData<ExamDetailResponse>(detailKey);
      if (fresh && fresh.exam.chosenOption !== chosenOption) {
        // The refetch failed: at least the choice and the common questions are right.
        queryClient.setQueryData<ExamDetailResponse>(detailKey, withChoice(fresh, chosenOption));
      }
    },
  });
}
