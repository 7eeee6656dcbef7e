import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  disciplineQuestionsInfiniteOptions,
  examDetailQueryOptions,
} from '@/domain/catalog/catalog-queries';
import {
  questionSearchInfiniteOptions,
  readReviewFilters,
  readSearch,
  reviewQueryOptions,
} from '@/domain/study/study-queries';

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

/** Pages fetched at most while looking for a question that is not in the loaded ones. */
const SEARCH_PAGES_TO_FIND = 25;

/**
 * GET /questions/search as the viewer's list: pages are fetched as the user nears the end of the
 * loaded ones (a search may match thousands), or until the question in the address is found.
 */
export function useSearchQuestionList(search: string, currentId: string) {
  const values = readSearch(new URLSearchParams(search === 'todas' ? '' : search));
  const query = useInfiniteQuery({
    ...questionSearchInfiniteOptions(values, 'list'),
    enabled: search !== '',
  });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const ids = data?.pages.flatMap((page) => page.items.map((item) => item.id)) ?? [];
  const index = ids.indexOf(currentId);
  const pages = data?.pages.length ?? 0;
  const wantsMore =
    (index < 0 && currentId !== '' && pages < SEARCH_PAGES_TO_FIND) ||
    (index >= 0 && index >= ids.length - 2);

  useEffect(() => {
    if (wantsMore && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [wantsMore, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return query;
}

/** GET /me/review as the viewer's list (the notebook is small: one request). */
export function useNotebookQuestionList(filters: string) {
  return useQuery({
    ...reviewQueryOptions(
      readReviewFilters(new URLSearchParams(filters === 'todas' ? '' : filters)),
      'list',
    ),
    enabled: filters !== '',
  });
}
