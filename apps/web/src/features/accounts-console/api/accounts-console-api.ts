import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  accountActionResponseSchema,
  accountDetailSchema,
  accountPageSchema,
  type AccountPage,
} from '@gabarita/shared';
import { QUERY_KEYS } from '@/domain/query-keys';
import { apiRequest } from '@/lib/api-client';

const STALE_TIME = 15_000;
const accountPath = (userId: string) => `/admin/accounts/${encodeURIComponent(userId)}`;

/** GET /admin/accounts: by part of the e-mail or name, newest first, 30 per page. */
export function useAccountSearch(query: string) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: QUERY_KEYS.accountSearch(query),
      queryFn: ({ signal, pageParam }) => {
        const params = new URLSearchParams();
        if (query) params.set('q', query);
        if (pageParam) params.set('antes', pageParam);
        const search = params.size > 0 ? `?${params.toString()}` : '';
        return apiRequest(`/admin/accounts${search}`, accountPageSchema, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage: AccountPage) => lastPage.next,
      staleTime: STALE_TIME,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useAccountDetail(userId: string) {
  return useQuery({
    queryKey: QUERY_KEYS.accountDetail(userId),
    queryFn: ({ signal }) => apiRequest(accountPath(userId), accountDetailSchema, { signal }),
    staleTime: STALE_TIME,
  });
}

/** The console's actions: the path under the account and what each sends besides the reason. */
export type AccountActionKind =
  'premium' | 'tokens' | 'block' | 'unblock' | 'resend-verification' | 'end-sessions';

/** One action on an account; the account and every list are read again afterwards. */
export function useAccountAction(userId: string, kind: AccountActionKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest(`${accountPath(userId)}/${kind}`, accountActionResponseSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.accountsConsole }),
  });
}
