import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_HISTORY_MAX_TURNS,
  chatHistoryResponseSchema,
  type ChatHistoryResponse,
  type ChatTurn,
} from '@gabarita/shared';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';

/** GET /questions/:id/chat: the conversation kept about the question, oldest first. */
export const chatHistoryQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.chatHistory(questionId),
    queryFn: ({ signal }) =>
      apiRequest(`/questions/${encodeURIComponent(questionId)}/chat`, chatHistoryResponseSchema, {
        signal,
      }),
  });

export function useChatHistory(questionId: string) {
  return useQuery(chatHistoryQueryOptions(questionId));
}

/**
 * Adds a finished exchange to the kept conversation, as the server kept it, so coming back to the
 * question shows it without waiting for the next read.
 */
export function useKeepChatExchange(questionId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (exchange: [ChatTurn, ChatTurn]) => {
      queryClient.setQueryData<ChatHistoryResponse>(
        QUERY_KEYS.chatHistory(questionId),
        (current) => {
          if (!current) return current;
          // After everything kept, even when this device's clock is behind the server's.
          const at = new Date(
            Math.max(
              Date.now(),
              ...current.turns.map((turn) => Date.parse(turn.at)),
              ...current.changes.map((change) => Date.parse(change.at) + 1),
            ),
          ).toISOString();
          return {
            ...current,
            turns: [...current.turns, ...exchange.map((turn) => ({ ...turn, at }))].slice(
              -CHAT_HISTORY_MAX_TURNS,
            ),
            // The reply after a change was the free one.
            freeReply: false,
          };
        },
      );
    },
    [queryClient, questionId],
  );
}
