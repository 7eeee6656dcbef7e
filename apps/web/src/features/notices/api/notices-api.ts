import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userNoticesSchema, type UserNotice } from '@gabarita/shared';
import { apiRequest, noContent } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

type NoticesData = { notices: UserNotice[] };

/** GET /me/notices: the signed-in user's notices not yet dismissed, newest first. */
export function useUserNotices(enabled: boolean) {
  return useQuery({
    queryKey: QUERY_KEYS.notices,
    queryFn: ({ signal }) => apiRequest('/me/notices', userNoticesSchema, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /me/notices/seen {ids}: the notices leave the tray at once and come back if the server
 * refuses, so a dismissal never waits on the network.
 */
export function useDismissNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest('/me/notices/seen', noContent, { method: 'POST', body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: QUERY_KEYS.notices });
      const before = queryClient.getQueryData<NoticesData>(QUERY_KEYS.notices);
      queryClient.setQueryData<NoticesData>(QUERY_KEYS.notices, (data) =>
        data ? { notices: data.notices.filter((notice) => !ids.includes(notice.id)) } : data,
      );
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(QUERY_KEYS.notices, context.before);
    },
  });
}
