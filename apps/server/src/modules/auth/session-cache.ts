import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@/db/client';
import { LruCache } from '@/lib/lru-cache';
import type { LiveSession } from './session-lookup';

/**
 * The NOTIFY channel a database trigger sends on whenever what a session resolves to changes: a
 * session changed or deleted (sign-out, password reset), its user, plan or photo changed
 * (migration 0011).
 * The payload is the user id.
 */
export const SESSION_CHANNEL = 'session_changed';

/**
 * How long a looked-up session is trusted before it is read again. Changes arrive by notification;
 * this only bounds what a change made without one could leave.
 */
const SESSION_CACHE_TTL_MS = 30_000;
const CAPACITY = 20_000;

interface Entry {
  found: LiveSession;
  readAt: number;
  rereading?: boolean;
}

type Read = (tokenHash: string) => Promise<LiveSession | undefined>;

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

  async function read(tokenHash: string, readSession: Read) {
    const mark = changes;
    const found = await readSession(tokenHash);
    if (found && listening && mark === changes) {
      entries.set(tokenHash, { found, readAt: Date.now() });
    }
    return found;
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

    /**
     * The session of this hash, kept or read with `readSession`. One kept past its time is still
     * answered while it is read again in the background: no request waits on a database busy with
     * a long write (an import), and a change still drops it at once.
     */
    async lookup(tokenHash: string, readSession: Read): Promise<LiveSession | undefined> {
      const entry = entries.get(tokenHash);
      if (!entry) return read(tokenHash, readSession);
      if (Date.now() - entry.readAt > SESSION_CACHE_TTL_MS && !entry.rereading) {
        entry.rereading = true;
        read(tokenHash, readSession).then(
          (found) => {
            if (!found && entries.get(tokenHash) === entry) entries.delete(tokenHash);
          },
          (error: unknown) => {
            entry.rereading = false;
            log.warn({ err: error }, 'não foi possível reler uma sessão');
          },
        );
      }
      return entry.found;
    },

    forget(tokenHash: string) {
      changes += 1;
      entries.delete(tokenHash);
    },

    dropUser,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
