import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { LruCache } from '../../lib/lru-cache';
import type { findLiveSession } from './auth.repo';

/**
 * The NOTIFY channel a database trigger sends on whenever what a session resolves to changes: a
 * session changed or deleted (sign-out, password reset), its user, plan or photo changed
 * (migration 0011).
 * The payload is the user id.
 */
export const SESSION_CHANNEL = 'session_changed';

/**
 * How long a looked-up session is trusted without reading it again: bounds what the São Paulo day
 * turning (an expired plan) could leave stale.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const CAPACITY = 20_000;

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

interface Entry {
  found: LiveSession;
  readAt: number;
}

/**
 * Sessions by token hash, kept in memory and dropped when they change. Used on PGlite only: there
 * one process holds the database, and its notifications reach the listener when the change
 * commits, before the writer's next statement, so a sign-out applies at the very next request.
 * With PostgreSQL another instance would hear it milliseconds later, so sessions are read at
 * every request there.
 */
export function createSessionCache(database: DatabaseHandle, log: FastifyBaseLogger) {
  const entries = new LruCache<string, Entry>(CAPACITY);
  let listening: (() => Promise<void>) | undefined;
  // Bumped by every change heard: a lookup that began before a change must not be kept after it.
  let changes = 0;

  function dropUser(userId: string) {
    changes += 1;
    for (const [hash, entry] of [...entries.entries()]) {
      if (entry.found.user.id === userId) entries.delete(hash);
    }
  }

  return {
    async start() {
      try {
        listening = await database.listen(SESSION_CHANNEL, dropUser);
      } catch (error) {
        log.warn({ err: error }, 'sem aviso de mudanças de sessão: cada pedido lerá a sessão');
      }
    },

    async close() {
      const stop = listening;
      listening = undefined;
      entries.clear();
      // The database may already be closed; there is nothing left to stop then.
      await stop?.().catch(() => undefined);
    },

    /** The cached session of this hash, if still trusted. */
    get(tokenHash: string): LiveSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (Date.now() - entry.readAt > SESSION_CACHE_TTL_MS) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.found;
    },

    /** A mark to pass to `set`, taken before reading the session. */
    mark: () => changes,

    set(tokenHash: string, found: LiveSession, mark: number) {
      if (!listening || mark !== changes) return;
      entries.set(tokenHash, { found, readAt: Date.now() });
    },

    forget(tokenHash: string) {
      changes += 1;
      entries.delete(tokenHash);
    },

    dropUser,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
