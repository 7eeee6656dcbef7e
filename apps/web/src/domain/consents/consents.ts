import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consentsResponseSchema, type AcceptConsentsRequest } from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/**
 * GET /me/consents: what the signed-in user accepted and what they must accept now (the consent
 * gate and /conta read the same entry).
 */
export function useConsents(enabled = true) {
  return useQuery({
    queryKey: QUERY_KEYS.consents,
    queryFn: ({ signal }) => apiRequest('/me/consents', consentsResponseSchema, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST /me/consents: accepts the current versions; the answer replaces the cached consents. */
export function useAcceptConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptConsentsRequest) =>
      apiRequest('/me/consents', consentsResponseSchema, { method: 'POST', body }),
    onSuccess: (consents) => queryClient.setQueryData(QUERY_KEYS.consents, consents),
  });
}
