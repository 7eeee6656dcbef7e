import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokensResponseSchema, type TokenBalance } from '@gabarita/shared';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/** GET /me/tokens: whether the user may use AI, what is left today and in the package. */
export const tokensQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.tokens,
  queryFn: ({ signal }) => apiRequest('/me/tokens', tokensResponseSchema, { signal }),
  staleTime: 30_000,
});

export function useTokens() {
  return useQuery(tokensQueryOptions);
}

/** Applies the balance a finished tutor call reports, so the counter drops at once. */
export function useApplyTokenBalance() {
  const queryClient = useQueryClient();
  return useCallback(
    (balance: TokenBalance) => {
      queryClient.setQueryData(tokensQueryOptions.queryKey, (current) =>
        current ? { ...current, ...balance } : current,
      );
      // The usage figures (today, month) come with the next read.
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.tokens, refetchType: 'none' });
    },
    [queryClient],
  );
}
