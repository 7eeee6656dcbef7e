import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailResponseSchema,
  meResponseSchema,
  myReportsSchema,
  photoResponseSchema,
  purchaseHistorySchema,
  type MeResponse,
} from '@gabarita/shared';
import { apiRequest, noContent } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { useUpdateSessionUser } from '@/domain/session/session';

export const meQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.me,
  queryFn: ({ signal }) => apiRequest('/me', meResponseSchema, { signal }),
  staleTime: 30_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** PATCH /me: Google accounts get 403. The header and the account page update from the answer. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  const updateSessionUser = useUpdateSessionUser();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest('/me', meResponseSchema, { method: 'PATCH', body: { name } }),
    onSuccess: (me: MeResponse) => {
      queryClient.setQueryData(meQueryOptions.queryKey, me);
      updateSessionUser({ name: me.name });
    },
  });
}

/** PUT /me/photo as multipart, field 'photo'. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  const updateSessionUser = useUpdateSessionUser();
  return useMutation({
    mutationFn: (photo: Blob) => {
      const form = new FormData();
      form.append('photo', photo, photo.type === 'image/jpeg' ? 'foto.jpg' : 'foto.png');
      return apiRequest('/me/photo', photoResponseSchema, { method: 'PUT', body: form });
    },
    onSuccess: ({ photoUrl }) => {
      queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, photoUrl } : me));
      updateSessionUser({ photoUrl });
    },
  });
}

/** POST /me/password-change-link: e-mails a reset link to the account's address. */
export function usePasswordChangeLink() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/me/password-change-link', emailResponseSchema, { method: 'POST' }),
  });
}

/** GET /me/purchases: paid plans and token packages, newest first. */
export function usePurchases() {
  return useQuery({
    queryKey: QUERY_KEYS.purchases,
    queryFn: ({ signal }) => apiRequest('/me/purchases', purchaseHistorySchema, { signal }),
    staleTime: 30_000,
  });
}

/** GET /me/error-reports: the errors this user reported, newest first, with the team's replies. */
export function useMyReports() {
  return useQuery({
    queryKey: QUERY_KEYS.myReports,
    queryFn: ({ signal }) => apiRequest('/me/error-reports', myReportsSchema, { signal }),
    staleTime: 30_000,
  });
}

/** POST /auth/logout-everywhere: ends every session of the account, this one included. */
export function logoutEverywhere() {
  return apiRequest('/auth/logout-everywhere', noContent, { method: 'POST' });
}
