import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  imageReplaceResponseSchema,
  questionEditingSchema,
  questionSaveResponseSchema,
  questionVersionDetailSchema,
  type QuestionEditing,
  type QuestionSnapshot,
} from '@gabarita/shared';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

const editorPath = (questionId: string) => `/admin/questions/${encodeURIComponent(questionId)}`;

/**
 * GET /admin/questions/:id. Read again only when asked ('Recarregar') or after a save: a refetch
 * in the background would replace the question under the form being edited.
 */
export function questionEditingQueryOptions(questionId: string) {
  return queryOptions({
    queryKey: QUERY_KEYS.questionEditing(questionId),
    queryFn: ({ signal }) => apiRequest(editorPath(questionId), questionEditingSchema, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useQuestionEditing(questionId: string) {
  return useQuery(questionEditingQueryOptions(questionId));
}

/** GET /admin/questions/:id/versions/:version: a version and the one before it (never change). */
export function useQuestionVersion(questionId: string, version: number) {
  return useQuery({
    queryKey: QUERY_KEYS.questionVersion(questionId, version),
    queryFn: ({ signal }) =>
      apiRequest(`${editorPath(questionId)}/versions/${version}`, questionVersionDetailSchema, {
        signal,
      }),
    staleTime: Infinity,
  });
}

/**
 * The server's answer to a save or a restore becomes the editor's copy; what students see of the
 * question (viewer, lists, search, disciplines) and the audit log are read again when next shown.
 */
function applyEditing(queryClient: QueryClient, editing: QuestionEditing) {
  queryClient.setQueryData(QUERY_KEYS.questionEditing(editing.questionId), editing);
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.answers, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.disciplines, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.audit, refetchType: 'none' });
}

/**
 * PUT /admin/questions/:id {snapshot, baseVersion}: 400 'editor/invalid' with `fields`, 409
 * 'editor/key-change' or 'editor/stale'.
 */
export function useSaveQuestion(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { snapshot: QuestionSnapshot; baseVersion: number }) =>
      apiRequest(editorPath(questionId), questionSaveResponseSchema, { method: 'PUT', body }),
    onSuccess: ({ editing }) => applyEditing(queryClient, editing),
  });
}

/** POST /admin/questions/:id/versions/:version/restore {baseVersion}: a new version. */
export function useRestoreVersion(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, baseVersion }: { version: number; baseVersion: number }) =>
      apiRequest(
        `${editorPath(questionId)}/versions/${version}/restore`,
        questionSaveResponseSchema,
        {
          method: 'POST',
          body: { baseVersion },
        },
      ),
    onSuccess: ({ editing }) => applyEditing(queryClient, editing),
  });
}

/** The newest version the editor loaded (0 before the first save): what a save is based on. */
export function baseVersionOf(editing: QuestionEditing): number {
  return editing.versions[0]?.version ?? 0;
}

/**
 * PUT /admin/images/:assetId as multipart (field 'imagem'): the importer's checks; on success every
 * question showing the image is read again (it is served at a new address).
 */
export function useReplaceImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, file }: { assetId: string; file: File }) => {
      const form = new FormData();
      form.append('imagem', file, file.name);
      return apiRequest(
        `/admin/images/${encodeURIComponent(assetId)}`,
        imageReplaceResponseSchema,
        {
          method: 'PUT',
          body: form,
        },
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.answers });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.audit, refetchType: 'none' });
    },
  });
}
