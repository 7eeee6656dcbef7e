import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  reportActionResponseSchema,
  reportDetailSchema,
  reportQueuePageSchema,
  type ReportDetail,
  type ReportQueuePage,
  type ReportStatus,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { activeQueueFilters, type QueueFilters } from '../queue-filters';

const STALE_TIME = 15_000;
const reportPath = (reportId: string) => `/admin/reports/${encodeURIComponent(reportId)}`;

/** GET /admin/reports with the filters that are set, 30 per page, each with the status counts. */
export function reportQueueInfiniteOptions(filters: QueueFilters) {
  const active = activeQueueFilters(filters);
  return infiniteQueryOptions({
    queryKey: QUERY_KEYS.reportQueueList(active),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(active);
      if (pageParam) params.set('antes', pageParam);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/admin/reports${query}`, reportQueuePageSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ReportQueuePage) => lastPage.next,
    staleTime: STALE_TIME,
  });
}

/** Keeps the previous list (and its counts) on screen while another filter loads. */
export function useReportQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    ...reportQueueInfiniteOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/reports/:id: the report, who sent it, the key, and the other reports on its question. */
export function useReportDetail(reportId: string) {
  return useQuery(
    queryOptions({
      queryKey: QUERY_KEYS.reportDetail(reportId),
      queryFn: ({ signal }) => apiRequest(reportPath(reportId), reportDetailSchema, { signal }),
      staleTime: STALE_TIME,
    }),
  );
}

type QueueData = InfiniteData<ReportQueuePage, string | null>;

/**
 * A report changed (status, reply): its detail takes the server's answer, and every loaded queue
 * list shows the new state at once, in place, with its counts moved, so the list does not shift
 * under the editor. The lists are marked stale: one that should gain or lose the report (another
 * filter) does so when it is shown again.
 */
function applyDetail(queryClient: QueryClient, detail: ReportDetail) {
  const changed = detail.report;
  queryClient.setQueryData(QUERY_KEYS.reportDetail(changed.id), detail);
  queryClient.setQueriesData<QueueData>({ queryKey: QUERY_KEYS.reportQueue }, (data) => {
    if (!data) return data;
    const before = data.pages.flatMap((page) => page.items).find((item) => item.id === changed.id);
    const moved = before !== undefined && before.status !== changed.status;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        counts: moved
          ? {
              ...page.counts,
              [before.status]: Math.max(0, page.counts[before.status] - 1),
              [changed.status]: page.counts[changed.status] + 1,
            }
          : page.counts,
        items: page.items.map((item) => {
          if (item.id === changed.id) return changed;
          return item.questionId === changed.questionId
            ? { ...item, openOnQuestion: changed.openOnQuestion }
            : item;
        }),
      })),
    };
  });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.reportQueue, refetchType: 'none' });
  // The other reports on the question list this one, and count the unresolved ones.
  for (const other of detail.others) {
    void queryClient.invalidateQueries({
      queryKey: QUERY_KEYS.reportDetail(other.id),
      refetchType: 'none',
    });
  }
  // Every change is written to the audit log.
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.audit, refetchType: 'none' });
}

/** PATCH /admin/reports/:id {status}; 409 'report/twin-open' when reopening would duplicate one. */
export function useChangeReportStatus(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ReportStatus) =>
      apiRequest(reportPath(reportId), reportActionResponseSchema, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: ({ detail }) => applyDetail(queryClient, detail),
  });
}

/** POST /admin/reports/:id/reply {mensagem}: e-mails the reporter; a new reply replaces the last. */
export function useReplyToReport(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mensagem: string) =>
      apiRequest(`${reportPath(reportId)}/reply`, reportActionResponseSchema, {
        method: 'POST',
        body: { mensagem },
      }),
    onSuccess: ({ detail }) => applyDetail(queryClient, detail),
  });
}
