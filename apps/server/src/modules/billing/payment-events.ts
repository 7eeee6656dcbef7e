import type { FastifyBaseLogger } from 'fastify';
import { FINAL_PAYMENT_STATUSES, PAYMENT_MESSAGES } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { PurchaseRow } from '@/db/schema';
import type { ServerSentComment, ServerSentEvent } from '@/lib/sse';
import { findPurchase } from './billing.repo';
import { toEvent } from './billing-views';
import type { PurchaseChanges } from './purchase-changes';

/** A comment on an idle stream this often; each one also re-reads the purchase. */
const HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3_000;

const FINAL: ReadonlySet<string> = new Set(FINAL_PAYMENT_STATUSES);

/**
 * The stream behind the service's `paymentEvents`: the purchase's state, then each new version,
 * woken by `changes` (which must already be listening) or by the heartbeat's re-read.
 */
export async function* paymentEventStream(
  { db, changes, log }: { db: Database; changes: PurchaseChanges; log: FastifyBaseLogger },
  purchaseId: string,
  signal: AbortSignal,
): AsyncGenerator<ServerSentEvent | ServerSentComment> {
  let changed = true;
  let wake: () => void = () => undefined;
  const unsubscribe = changes.subscribe(purchaseId, () => {
    changed = true;
    wake();
  });
  const onAbort = () => wake();
  signal.addEventListener('abort', onAbort);
  let sentVersion = 0;
  try {
    while (!signal.aborted) {
      changed = false;
      let row: PurchaseRow | undefined;
      try {
        row = await findPurchase(db, purchaseId);
      } catch (error) {
        log.error({ err: error, purchaseId }, 'falha ao ler a compra para a página de pagamento');
      }
      if (!row) {
        yield {
          event: 'error',
          data: { code: 'billing/stream-failed', message: PAYMENT_MESSAGES.listenerFailed },
        };
        return;
      }
      if (row.version !== sentVersion) {
        yield {
          event: 'payment',
          id: String(row.version),
          data: toEvent(row),
          ...(sentVersion === 0 ? { retry: RECONNECT_MS } : {}),
        };
        sentVersion = row.version;
      }
      if (FINAL.has(row.status)) return;
      const idle = await new Promise<boolean>((resolve) => {
        if (changed || signal.aborted) return resolve(false);
        const timer = setTimeout(() => resolve(true), HEARTBEAT_MS);
        wake = () => {
          clearTimeout(timer);
          resolve(false);
        };
      });
      wake = () => undefined;
      if (idle) yield { comment: 'ping' };
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}
