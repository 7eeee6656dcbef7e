import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionResponseSchema, type SessionResponse } from '@gabarita/shared';
import { apiRequest } from '../../../lib/api-client';

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest('/auth/session', sessionResponseSchema, { signal });
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'] as const,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
});

/** The signed-in user (`data.user`), or `null` for a visitor. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
