import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  helpActionResponseSchema,
  helpInboxPageSchema,
  helpRequestDetailSchema,
  type HelpInboxPage,
  type HelpRequestDetail,
  type HelpStatusUpdate,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { activeInboxFilters, type InboxFilters } from '../inbox-filters';

const STALE_TIME = 15_000;
const requestPath = (requestId: string) => `/admin/help-requests/${encodeURIComponent(requestId)}`;

/** GET /admin/help-requests with the filters that are set, newest first, with the status counts. */
export function helpInboxInfiniteOptions(filters: InboxFilters) {
  const active = activeInboxFilters(filters);
  return infiniteQueryOptions({
    queryKey: QUERY_KEYS.helpInboxList(active),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(active);
      if (pageParam) params.set('antes', pageParam);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return apiRequest(`/admin/help-requests${query}`, helpInboxPageSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: HelpInboxPage) => lastPage.next,
    staleTime: STALE_TIME,
  });
}

/** Keeps the previous list (and its counts) on screen while another filter loads. */
export function useHelpInbox(filters: InboxFilters) {
  return useInfiniteQuery({
    ...helpInboxInfiniteOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/help-requests/:id: the message, its thread and the sender's account. */
export function useHelpRequest(requestId: string) {
  return useQuery(
    queryOptions({
      queryKey: QUERY_KEYS.helpRequest(requestId),
      queryFn: ({ signal }) =>
        apiRequest(requestPath(requestId), helpRequestDetailSchema, { signal }),
      staleTime: STALE_TIME,
    }),
  );
}

/** A message changed: its detail takes the server's answer; the lists and the audit log reload when shown. */
function applyDetail(queryClient: QueryClient, detail: HelpRequestDetail) {
  queryClient.setQueryData(QUERY_KEYS.helpRequest(detail.request.id), detail);
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.helpInbox });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.audit, refetchType: 'none' });
}

/** POST /admin/help-requests/:id/replies {body}: e-mails the sender and adds to the thread. */
export function useReplyToHelpRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(`${requestPath(requestId)}/replies`, helpActionResponseSchema, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: ({ detail }) => applyDetail(queryClient, detail),
  });
}

/** POST /admin/help-requests/:id/status {status}: 'closed' closes, 'new' reopens. */
export function useChangeHelpStatus(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: HelpStatusUpdate['status']) =>
      apiRequest(`${requestPath(requestId)}/status`, helpActionResponseSchema, {
        method: 'POST',
        body: { status },
      }),
    onSuccess: ({ detail }) => applyDetail(queryClient, detail),
  });
}
