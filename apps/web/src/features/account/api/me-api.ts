import {
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  dataExportSchema,
  dataExportsResponseSchema,
  emailResponseSchema,
  meResponseSchema,
  myReportsSchema,
  photoResponseSchema,
  PRIVACY_MESSAGES,
  purchaseHistorySchema,
  type DataExport,
  type DataExportsResponse,
  type DeleteAccountRequest,
  type EmailChangeRequest,
  type MeResponse,
} from '@gabarita/shared';
import { apiRequest, noContent } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { useSignOut, useUpdateSessionUser } from '@/domain/session/session';

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

const EXPORT_POLL_MS = 2_000;

function isBuilding(exports: DataExportsResponse | undefined): boolean {
  return exports?.items.some((item) => item.status === 'building') ?? false;
}

/** GET /me/data-exports: asked again every 2 s while a file is being built. */
export function useDataExports() {
  return useQuery({
    queryKey: QUERY_KEYS.dataExports,
    queryFn: ({ signal }) => apiRequest('/me/data-exports', dataExportsResponseSchema, { signal }),
    refetchInterval: (query) => (isBuilding(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** POST /me/data-exports: the new export goes first in the list, which starts the polling. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/me/data-exports', dataExportSchema, { method: 'POST' }),
    onSuccess: (created: DataExport) => {
      queryClient.setQueryData(
        QUERY_KEYS.dataExports,
        (current: DataExportsResponse | undefined) => ({
          items: [created, ...(current?.items ?? []).filter((item) => item.id !== created.id)],
        }),
      );
    },
  });
}

/** Where the browser downloads an export, with the session cookie. */
export function dataExportFileUrl(exportId: string): string {
  return `/api/me/data-exports/${encodeURIComponent(exportId)}/file`;
}

/** POST /me/email-change: the new address gets a confirmation link; nothing changes until then. */
export function useEmailChange() {
  return useMutation({
    mutationFn: (request: EmailChangeRequest) =>
      apiRequest('/me/email-change', emailResponseSchema, { method: 'POST', body: request }),
  });
}

/** POST /me/deletion-code: e-mails a Google account the 6-digit code that confirms its deletion. */
export function useDeletionCode() {
  return useMutation({
    mutationFn: () => apiRequest('/me/deletion-code', noContent, { method: 'POST' }),
  });
}

const DELETE_ACCOUNT_KEY = ['delete-account'] as const;

/**
 * DELETE /me with the password or the e-mailed code: erases the account and ends its session
 * (docs/product-rules.md, "Personal data and the LGPD"); then, as a sign-out, the cached session
 * becomes a visitor's (the user's data goes with it) and /login says the account was deleted.
 */
export function useDeleteAccount() {
  const signOut = useSignOut();
  return useMutation({
    mutationKey: DELETE_ACCOUNT_KEY,
    mutationFn: (request: DeleteAccountRequest) =>
      signOut(
        () => apiRequest('/me', noContent, { method: 'DELETE', body: request }),
        PRIVACY_MESSAGES.deleted,
      ),
  });
}

/** The deletion is running (its dialog cannot be dismissed meanwhile). */
export function useDeletingAccount(): boolean {
  return useIsMutating({ mutationKey: DELETE_ACCOUNT_KEY }) > 0;
}
