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
