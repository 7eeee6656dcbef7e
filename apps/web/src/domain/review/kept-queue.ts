import { reviewQueueResponseSchema, type ReviewQueueResponse } from '@gabarita/shared';
import { createStore, del, get, set } from 'idb-keyval';

/**
 * The day's review as last read from the server, kept on the device (IndexedDB) so it can be done
 * without a connection (docs/product-rules.md, "Offline use"). One account's queue at a time: the
 * account that read it last.
 */
interface KeptQueue {
  userId: string;
  queue: ReviewQueueResponse;
}

const store = createStore('gabarita-revisao', 'fila');
const KEY = 'hoje';

export async function keepQueue(userId: string, queue: ReviewQueueResponse): Promise<void> {
  await set(KEY, { userId, queue } satisfies KeptQueue, store);
}

/**
 * Asks for the figures of the kept queue's questions once, so that the service worker, which keeps
 * every figure it sees (src/service-worker/sw.ts), has them for a review without a connection.
 * Without a service worker there is nowhere to keep them, and nothing is asked.
 */
export async function keepFigures(queue: ReviewQueueResponse): Promise<void> {
  if (!navigator.serviceWorker?.controller) return;
  const urls = new Set(
    queue.items.flatMap((item) =>
      item.kind === 'question' ? item.question.figures.map((figure) => figure.url) : [],
    ),
  );
  for (const url of urls) {
    await fetch(url, { priority: 'low' }).catch(() => undefined);
  }
}

/** The account's kept queue, or undefined (none, another account's, or unreadable). */
export async function keptQueue(userId: string): Promise<ReviewQueueResponse | undefined> {
  const kept = (await get<KeptQueue>(KEY, store)) as KeptQueue | undefined;
  if (kept?.userId !== userId) return undefined;
  const parsed = reviewQueueResponseSchema.safeParse(kept.queue);
  return parsed.success ? parsed.data : undefined;
}

/** Takes a rated item out of the kept queue, so the device does not offer it again today. */
export async function dropKeptItem(userId: string, itemId: string): Promise<void> {
  const queue = await keptQueue(userId);
  if (!queue) return;
  const items = queue.items.filter((item) => item.id !== itemId);
  await keepQueue(userId, { ...queue, items, dueCount: Math.max(0, queue.dueCount - 1) });
}

export async function forgetKeptQueue(): Promise<void> {
  await del(KEY, store);
}
