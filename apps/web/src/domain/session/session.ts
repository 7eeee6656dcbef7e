import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sessionResponseSchema,
  type SessionResponse,
  type SessionUser,
  PATHS,
} from '@gabarita/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest, noContent } from '@/lib/api-client';
import { keptSession } from './kept-session';
import type { LoginRedirectState } from './login-state';
import { QUERY_KEYS } from '@/domain/query-keys';

/**
 * index.html preloads this URL (as="fetch", same-origin credentials); a plain GET through
 * apiRequest matches that preload, so the first call takes its answer instead of asking again.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  try {
    return await apiRequest('/auth/session', sessionResponseSchema, { signal });
  } catch (error) {
    // Without a connection the account is the one this browser last saw, for what works offline.
    const kept = error instanceof ApiError && error.status === 0 ? keptSession() : undefined;
    if (kept) return kept;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.session,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
});

/** The signed-in user (`data.user`), or `null` for a visitor. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Editors and admins: the editorial team, who may use the editorial area (/admin). */
export function isStaff(user: SessionUser | null | undefined): boolean {
  return user?.role === 'editor' || user?.role === 'support' || user?.role === 'admin';
}

/** Applies a profile change (name, photo) to the cached session so the header updates at once. */
export function useUpdateSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (changes: Partial<Pick<SessionUser, 'name' | 'photoUrl'>>) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, (current) =>
        current?.user ? { user: { ...current.user, ...changes } } : current,
      );
    },
    [queryClient],
  );
}

/** Ends this device's session on the server. */
export function logout() {
  return apiRequest('/auth/logout', noContent, { method: 'POST' });
}

let signingOut = false;

/**
 * 'Sair' clears the session and then moves to /login with its own message. Between the two, the
 * session guard of the signed-in area must not redirect on its own (it would win the race and drop
 * the message), so it checks this flag. It ends when the sign-in area shows a visitor.
 */
export function beginSignOut(): void {
  signingOut = true;
}

export function endSignOut(): void {
  signingOut = false;
}

export function isSigningOut(): boolean {
  return signingOut;
}

/**
 * Signs out: `end` ends the session on the server (this one, or every one of the account), then the
 * session is set to "visitor" (rather than removed) so that mounted guards update at once, the
 * user's cached data goes with the change of user, and /login shows `notice`.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (end: () => Promise<unknown>, notice: string) => {
      await end();
      beginSignOut();
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });
      const state: LoginRedirectState = { notice };
      void navigate(PATHS.login.path, { state });
    },
    [queryClient, navigate],
  );
}
