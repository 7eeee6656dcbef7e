import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  answerKeyPreviewSchema,
  examSearchResponseSchema,
  type AnswerKeyChange,
  type ExamSearchResponse,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { CATALOG_STALE_TIME, examDetailQueryOptions } from '@/domain/catalog/catalog-queries';
import { QUERY_KEYS } from '@/domain/query-keys';

/** The exam filters the picker offers; '' is 'Todas as opções'. */
export interface ExamPickerFilters {
  instituicao: string;
  ano: string;
  orgao: string;
  cargo: string;
}

export const EMPTY_PICKER_FILTERS: ExamPickerFilters = {
  instituicao: '',
  ano: '',
  orgao: '',
  cargo: '',
};

function activeFilters(filters: ExamPickerFilters): Record<string, string> {
  const active: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) active[key] = value;
  return active;
}

/** GET /exams with the picker's filters, page by page, with each filter's options. */
function examPickerInfiniteOptions(filters: ExamPickerFilters) {
  const active = activeFilters(filters);
  return infiniteQueryOptions({
    queryKey: QUERY_KEYS.adminExamPicker(active),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(active);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/exams${query}`, examSearchResponseSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ExamSearchResponse) => lastPage.nextCursor,
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useExamPicker(filters: ExamPickerFilters) {
  return useInfiniteQuery({
    ...examPickerInfiniteOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** GET /exams/:examId: the chosen exam; idle without one. */
export function useChosenExam(examId: string) {
  return useQuery({ ...examDetailQueryOptions(examId), enabled: examId !== '' });
}

const answerKeyPath = (examId: string, step: 'preview' | 'apply') =>
  `/admin/exams/${encodeURIComponent(examId)}/answer-key/${step}`;

/** POST …/answer-key/preview: who each change affects; nothing is written. */
export function usePreviewAnswerKey(examId: string) {
  return useMutation({
    mutationFn: (changes: AnswerKeyChange[]) =>
      apiRequest(answerKeyPath(examId, 'preview'), answerKeyPreviewSchema, {
        method: 'POST',
        body: { changes },
      }),
  });
}

/**
 * POST …/answer-key/apply: 400 'answer-key/problems' when any line has a problem (nothing
 * changes). Once applied, verdicts, the notebook, simulados, statistics and the editor's copy of
 * the questions may all differ: every per-user read is marked stale, and the exam is read again.
 */
export function useApplyAnswerKey(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AnswerKeyChange[]) =>
      apiRequest(answerKeyPath(examId, 'apply'), answerKeyPreviewSchema, {
        method: 'POST',
        body: { changes },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.user, refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: QUERY_KEYS.examDetail(examId) });
    },
  });
}
