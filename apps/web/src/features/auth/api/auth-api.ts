import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authProvidersResponseSchema,
  emailResponseSchema,
  sessionResponseSchema,
  type ConfirmResetRequest,
  type LoginRequest,
  type SessionResponse,
  type SignupRequest,
  verifyEmailResponseSchema,
  emailChangeResponseSchema,
} from '@gabarita/shared';
import { useCallback } from 'react';
import { apiRequest, noContent } from '@/lib/api-client';
import { sessionQueryOptions } from '@/domain/session/session';

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'] as const,
  queryFn: ({ signal }) => apiRequest('/auth/providers', authProvidersResponseSchema, { signal }),
  staleTime: 5 * 60_000,
});

/** Which sign-in methods the server offers; while unknown, only e-mail and password are shown. */
export function useAuthProviders() {
  return useQuery(providersQueryOptions);
}

export function login(body: LoginRequest): Promise<SessionResponse> {
  return apiRequest('/auth/login', sessionResponseSchema, { method: 'POST', body });
}

export function signup(body: SignupRequest) {
  return apiRequest('/auth/signup', emailResponseSchema, { method: 'POST', body });
}

export function resendVerification(body: LoginRequest) {
  return apiRequest('/auth/resend-verification', emailResponseSchema, { method: 'POST', body });
}

export function requestPasswordReset(email: string) {
  return apiRequest('/auth/password-reset', emailResponseSchema, {
    method: 'POST',
    body: { email },
  });
}

export function verifyEmail(oobCode: string) {
  return apiRequest('/auth/action/verify-email', verifyEmailResponseSchema, {
    method: 'POST',
    body: { oobCode },
  });
}

/** Follows the link sent to a new address: the account's e-mail becomes that address. */
export function confirmEmailChange(oobCode: string) {
  return apiRequest('/auth/action/confirm-email-change', emailChangeResponseSchema, {
    method: 'POST',
    body: { oobCode },
  });
}

export function checkResetCode(oobCode: string, signal?: AbortSignal) {
  return apiRequest('/auth/action/check-reset', emailResponseSchema, {
    method: 'POST',
    body: { oobCode },
    signal,
  });
}

export function confirmPasswordReset(body: ConfirmResetRequest) {
  return apiRequest('/auth/action/confirm-reset', noContent, { method: 'POST', body });
}

/**
 * After a sign-in: store the new session. Whatever was cached for another user goes with the change
 * of user (app/query-client.ts).
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: SessionResponse) => queryClient.setQueryData(sessionQueryOptions.queryKey, session),
    [queryClient],
  );
}
