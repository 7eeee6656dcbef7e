import { useQuery } from '@tanstack/react-query';
import { examDetailQueryOptions } from '@/domain/catalog/catalog-queries';

/** GET /exams/:examId; idle without an exam id. */
export function useExamDetail(examId: string) {
  return useQuery({ ...examDetailQueryOptions(examId), enabled: examId !== '' });
}
