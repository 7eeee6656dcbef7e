import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@/db/client';

/** The NOTIFY channel of purchase changes; the payload is the purchase id. */
export const PURCHASE_CHANNEL = 'purchase_changes';

/**
 * Hears every purchase change made by any instance (one LISTEN per process) and passes it to the
 * streams of this instance that watch that purchase.
 */
export function createPurchaseChanges(database: DatabaseHandle, log: FastifyBaseLogger) {
  const emitter = new EventEmitter().setMaxListeners(0);
  let listening: Promise<() => Promise<void>> | undefined;

  return {
    /** Resolves once this instance hears the channel; a failure is logged and tried again later. */
    async ready(): Promise<boolean> {
      listening ??= database.listen(PURCHASE_CHANNEL, (purchaseId) => {
        emitter.emit(purchaseId);
      });
      try {
        await listening;
        return true;
      } catch (error) {
        listening = undefined;
        log.warn(
          { err: error },
          'não foi possível ouvir as mudanças de pagamento; a página lerá o estado periodicamente',
        );
        return false;
      }
    },

    subscribe(purchaseId: string, onChange: () => void): () => void {
      emitter.on(purchaseId, onChange);
      return () => emitter.off(purchaseId, onChange);
    },

    async close() {
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.();
    },
  };
}

export type PurchaseChanges = ReturnType<typeof createPurchaseChanges>;
