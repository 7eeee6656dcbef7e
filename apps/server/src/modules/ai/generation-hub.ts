import type { FastifyBaseLogger } from 'fastify';
import { type DatabaseHandle, notify } from '@/db/client';
import { findLiveGeneration, updateGeneration } from './ai.repo';

/** NOTIFY channel: the payload is the key of a generation whose text moved on or that ended. */
const CHANNEL = 'ai_generation';
/** A generation's holder renews its lease while it writes; a dead holder's lease runs out. */
export const LEASE_SECONDS = 30;
/** The text so far is written for other instances at most this often. */
const FLUSH_MS = 250;
const RENEW_MS = 10_000;
/** Followers look again this often even without a notification (notifications can be lost). */
const POLL_MS = 1_000;

/**
 * Shares a text being written with requests on other server instances (docs/architecture.md,
 * "AI tutor"): the writing instance keeps the text so far in its `ai_generations` row and
 * announces each change with NOTIFY; followers read the row when woken, or every second.
 */
export function createGenerationHub(deps: { database: DatabaseHandle; log: FastifyBaseLogger }) {
  const { database, log } = deps;
  const wakers = new Map<string, Set<() => void>>();
  let listening: Promise<(() => Promise<void>) | null> | undefined;

  function listen() {
    listening ??= database
      .listen(CHANNEL, (key) => {
        for (const wake of wakers.get(key) ?? []) wake();
      })
      .catch((error: unknown) => {
        log.warn(
          { err: error },
          'sem LISTEN: os textos compartilhados serão consultados a cada segundo',
        );
        return null;
      });
    return listening;
  }

  const announce = (key: string) => notify(database.db, CHANNEL, key);

  return {
    announce,

    /**
     * Keeps the row of `key` up to date with the text written so far (and its lease alive) while
     * this instance writes it.
     */
    writer(key: string) {
      let text = '';
      let flushed = '';
      let timer: NodeJS.Timeout | undefined;
      let chain = Promise.resolve();
      const flush = () => {
        timer = undefined;
        const snapshot = text;
        chain = chain
          .then(async () => {
            await updateGeneration(database.db, key, snapshot, LEASE_SECONDS);
            if (snapshot !== flushed) await announce(key);
            flushed = snapshot;
          })
          .catch((error: unknown) =>
            log.warn({ err: error, key }, 'falha ao publicar o texto parcial'),
          );
      };
      const renew = setInterval(flush, RENEW_MS);
      renew.unref();
      return {
        push(piece: string) {
          text += piece;
          timer ??= setTimeout(flush, FLUSH_MS);
        },
        async stop() {
          clearTimeout(timer);
          clearInterval(renew);
          await chain;
        },
      };
    },

    /**
     * Follows another instance's writing of `key`: yields the text as it grows, and returns when
     * the generation ended (its row is gone, or its holder's lease ran out) or `signal` aborts.
     */
    async *follow(key: string, signal: AbortSignal): AsyncGenerator<string> {
      await listen();
      // Set by a notification that arrives while the row is being read, so it is not missed.
      const state: { woken: boolean; wake?: () => void } = { woken: false };
      const waker = () => {
        state.woken = true;
        state.wake?.();
      };
      const set = wakers.get(key) ?? new Set();
      set.add(waker);
      wakers.set(key, set);
      try {
        let sent = 0;
        while (!signal.aborted) {
          state.woken = false;
          const row = await findLiveGeneration(database.db, key);
          if (!row) return;
          if (row.text.length > sent) {
            yield row.text.slice(sent);
            sent = row.text.length;
          }
          if (state.woken) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, POLL_MS);
            function done() {
              clearTimeout(timer);
              signal.removeEventListener('abort', done);
              state.wake = undefined;
              resolve();
            }
            state.wake = done;
            signal.addEventListener('abort', done, { once: true });
          });
        }
      } finally {
        set.delete(waker);
        if (set.size === 0) wakers.delete(key);
      }
    },

    async close() {
      const stop = await listening;
      await stop?.();
    },
  };
}

export type GenerationHub = ReturnType<typeof createGenerationHub>;
