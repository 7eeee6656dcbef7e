import {
  flashcardListResponseSchema,
  flashcardSchema,
  retentionResponseSchema,
  reviewQueueResponseSchema,
  reviewResultSchema,
  reviewSettingsSchema,
  type FlashcardInput,
  type ReviewRequest,
  type ReviewQueueResponse,
  type ReviewSettings,
} from '@gabarita/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '@/domain/query-keys';
import { ApiError, apiRequest, noContent } from '@/lib/api-client';
import { keptSession } from '@/domain/session/kept-session';
import { keepFigures, keepQueue, keptQueue } from './kept-queue';

/**
 * GET /me/review/today, kept on the device as it arrives; without a connection, the kept copy
 * (docs/product-rules.md, "Offline use"). A browser without IndexedDB simply keeps nothing.
 */
async function fetchReviewToday(signal: AbortSignal): Promise<ReviewQueueResponse> {
  const userId = keptSession()?.user?.id;
  try {
    const queue = await apiRequest('/me/review/today', reviewQueueResponseSchema, { signal });
    if (userId) await keepQueue(userId, queue).catch(() => undefined);
    void keepFigures(queue);
    return queue;
  } catch (error) {
    const offline = error instanceof ApiError && error.status === 0;
    const kept = offline && userId ? await keptQueue(userId).catch(() => undefined) : undefined;
    if (kept) return kept;
    throw error;
  }
}

/** The day's queue, read once per visit: the session walks the list it started with. */
export const reviewTodayQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.reviewToday,
  queryFn: ({ signal }) => fetchReviewToday(signal),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

export const flashcardsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.flashcards,
  queryFn: ({ signal }) => apiRequest('/me/flashcards', flashcardListResponseSchema, { signal }),
});

export const retentionQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.retention,
  queryFn: ({ signal }) => apiRequest('/me/review/retention', retentionResponseSchema, { signal }),
});

export const reviewSettingsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.reviewSettings,
  queryFn: ({ signal }) => apiRequest('/me/review/settings', reviewSettingsSchema, { signal }),
});

/** Where a review is posted (also by the device's queue of what waited for the connection). */
export const REVIEW_PATH = '/me/review/reviews';

/** One review, with the id this device made for it (sending it again changes nothing). */
export function sendReview(review: ReviewRequest) {
  return apiRequest(REVIEW_PATH, reviewResultSchema, { method: 'POST', body: review });
}

export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) =>
      apiRequest('/me/review/settings', reviewSettingsSchema, { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      client.setQueryData(QUERY_KEYS.reviewSettings, saved);
      void client.invalidateQueries({ queryKey: QUERY_KEYS.review });
    },
  });
}

function useCardsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: QUERY_KEYS.flashcards });
}

export function useCreateFlashcard() {
  const changed = useCardsChanged();
  return useMutation({
    mutationFn: (input: FlashcardInput) =>
      apiRequest('/me/flashcards', flashcardSchema, { method: 'POST', body: input }),
    onSuccess: () => void changed(),
  });
}

/** One tap from a notebook mistake. */
export function useCardFromQuestion() {
  const changed = useCardsChanged();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiRequest('/me/flashcards/from-question', flashcardSchema, {
        method: 'POST',
        body: { questionId },
      }),
    onSuccess: () => void changed(),
  });
}

export function useUpdateFlashcard() {
  const changed = useCardsChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FlashcardInput }) =>
      apiRequest(`/me/flashcards/${id}`, flashcardSchema, { method: 'PUT', body: input }),
    onSuccess: () => void changed(),
  });
}

export function useDeleteFlashcard() {
  const changed = useCardsChanged();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/me/flashcards/${id}`, noContent, { method: 'DELETE' }),
    onSuccess: () => void changed(),
  });
}
