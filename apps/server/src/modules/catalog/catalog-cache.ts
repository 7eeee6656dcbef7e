import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@/db/client';
import { LruCache } from '@/lib/lru-cache';
import { CATALOG_CHANNEL, readCatalogVersion } from './catalog-version.repo';

/** How often an instance compares its catalogue version with the database's, as a safety net. */
const RECHECK_MS = 5_000;

/**
 * Read models of the catalogue kept in memory, valid for one catalogue version. An import bumps the
 * version and NOTIFYs in its transaction; every instance hears it and drops everything it kept, so
 * readers get the old catalogue until the import commits and the new one right after. Notifications
 * can be lost while a LISTEN connection is re-opened, hence the periodic comparison.
 */
export function createCatalogCache(database: DatabaseHandle, log: FastifyBaseLogger) {
  const stores: LruCache<string, Promise<unknown>>[] = [];
  let version: number | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  function dropAll() {
    for (const store of stores) store.clear();
  }
  function seen(next: number) {
    if (next === version) return;
    version = next;
    dropAll();
  }
  async function recheck() {
    try {
      seen(await readCatalogVersion(database.db));
    } catch (error) {
      log.warn({ err: error }, 'não foi possível ler a versão do catálogo');
    }
  }

  return {
    /** Starts hearing catalogue changes; until then nothing is kept. */
    async start() {
      stopListening = await database.listen(CATALOG_CHANNEL, (payload) => {
        const next = Number(payload);
        if (Number.isInteger(next)) seen(next);
        else dropAll();
      });
      await recheck();
      timer = setInterval(() => void recheck(), RECHECK_MS).unref();
    },

    async close() {
      clearInterval(timer);
      const stop = stopListening;
      stopListening = undefined;
      dropAll();
      // The database may already be closed; there is nothing left to stop then.
      await stop?.().catch(() => undefined);
    },

    /**
     * A memo of up to `capacity` values by key for the current version. Concurrent callers of one
     * key share one load; a failed load is not kept.
     */
    store<V>(capacity: number) {
      const store = new LruCache<string, Promise<unknown>>(capacity);
      stores.push(store);
      return (key: string, load: () => Promise<V>): Promise<V> => {
        if (!stopListening) return load();
        const kept = store.get(key) as Promise<V> | undefined;
        if (kept) return kept;
        const loading = load();
        store.set(key, loading);
        loading.catch(() => {
          if (store.get(key) === loading) store.delete(key);
        });
        return loading;
      };
    },

    /** Forgets everything now (this instance only; imports reach every instance by NOTIFY). */
    dropAll,
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
