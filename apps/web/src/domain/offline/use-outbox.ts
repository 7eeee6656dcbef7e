import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useOnline } from './online-status';

export interface OutboxState {
  /** Items of this account waiting to be sent. */
  pending: number;
  /** Messages of items the server refused in the last round. */
  refused: string[];
}

/** How often a round is tried again while items wait and the browser says it is online. */
const RETRY_MS = 30_000;
const anyBody = { parse: (body: unknown) => body };

/**
 * The account's queue of things done without a connection: how many wait, and, whenever the
 * connection is there, a round that sends them. The queue's code (IndexedDB) loads only after the
 * page, and the cached data is refreshed once something was sent.
 */
export function useOutbox(userId: string | undefined): OutboxState {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [state, setState] = useState<OutboxState>({ pending: 0, refused: [] });

  useEffect(() => {
    if (!userId) return;
    let active = true;
    let sending = false;
    let unsubscribe = () => {};
    let retry: ReturnType<typeof setInterval> | undefined;

    void import('./outbox').then((outbox) => {
      if (!active) return;
      const count = async () => {
        const pending = (await outbox.pendingItems(userId)).length;
        if (active) setState((current) => ({ ...current, pending }));
        return pending;
      };
      const round = async () => {
        const pending = await count();
        if (sending || !online || pending === 0) return;
        sending = true;
        try {
          const result = await outbox.flushOutbox(userId, (item) =>
            apiRequest(item.path, anyBody, { method: 'POST', body: item.body }),
          );
          if (!active) return;
          if (result.refused.length > 0) {
            setState((current) => ({
              ...current,
              refused: result.refused.map(({ message }) => message),
            }));
          }
          if (result.sent > 0) await queryClient.invalidateQueries();
        } finally {
          sending = false;
        }
      };
      // A browser that refuses IndexedDB (some private modes) has nothing queued to show or send.
      const safeRound = () => round().catch(() => undefined);
      unsubscribe = outbox.onOutboxChange(() => void safeRound());
      retry = setInterval(() => void safeRound(), RETRY_MS);
      void safeRound();
    });
    return () => {
      active = false;
      unsubscribe();
      clearInterval(retry);
    };
  }, [userId, online, queryClient]);

  return state;
}
