import type { Database } from '@/db/client';
import { prepareFindLiveSessions } from './auth.repo';

export type LiveSession = Awaited<
  ReturnType<ReturnType<typeof prepareFindLiveSessions>['execute']>
>[number];

/** Lookups beyond this many in one turn go into the next statement. */
const MAX_BATCH = 500;

interface Waiter {
  resolve: (found: LiveSession | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads sessions by token hash, the lookups asked for in one turn of the event loop together in
 * one indexed statement (decision record 009). A lookup only ever joins a statement not yet sent,
 * so the statement starts after the request that asked for it arrived and sees every sign-out
 * committed before that: batching saves round trips without keeping anything.
 */
export function createSessionLookup(db: Database) {
  const findLiveSessions = prepareFindLiveSessions(db);
  let pending: Map<string, Waiter[]> | undefined;

  async function send(batch: Map<string, Waiter[]>) {
    try {
      const rows = await findLiveSessions.execute({ hashes: [...batch.keys()] });
      const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
      for (const [hash, waiters] of batch) {
        for (const waiter of waiters) waiter.resolve(byHash.get(hash));
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return function findLiveSession(tokenHash: string): Promise<LiveSession | undefined> {
    return new Promise((resolve, reject) => {
      if (!pending || pending.size >= MAX_BATCH) {
        const batch = new Map<string, Waiter[]>();
        pending = batch;
        setImmediate(() => {
          if (pending === batch) pending = undefined;
          void send(batch);
        });
      }
      const waiters = pending.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(tokenHash, [{ resolve, reject }]);
    });
  };
}
