import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  disciplineQuestionsInfiniteOptions,
  examDetailQueryOptions,
} from '../../../lib/catalog-queries';

/** GET /exams/:examId for the viewer's list; idle without an exam. */
export function useExamQuestions(examId: string) {
  return useQuery({ ...examDetailQueryOptions(examId), enabled: examId !== '' });
}

/** Every page of GET /disciplines/:code/questions, fetched one after the other; idle without a code. */
export function useAllDisciplineQuestions(code: string, assunto: string, hideOutdated = false) {
  const query = useInfiniteQuery({
    ...disciplineQuestionsInfiniteOptions(code, assunto, hideOutdated),
    enabled: code !== '',
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return query;
}
