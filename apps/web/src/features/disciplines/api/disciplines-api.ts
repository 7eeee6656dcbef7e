import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  disciplineQuestionsInfiniteOptions,
  disciplinesQueryOptions,
} from '@/domain/catalog/catalog-queries';

/** GET /disciplines: the 23 disciplines with their subjects and question counts. */
export function useDisciplines() {
  return useQuery(disciplinesQueryOptions);
}

/** GET /disciplines/:code/questions, 10 per page; idle without a discipline. */
export function useDisciplineQuestions(code: string, assunto: string, hideOutdated = false) {
  return useInfiniteQuery({
    ...disciplineQuestionsInfiniteOptions(code, assunto, hideOutdated),
    enabled: code !== '',
  });
}
