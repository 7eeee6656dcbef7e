import { createStore, del, entries, set } from 'idb-keyval';
import { ApiError } from '@/lib/api-client';

/**
 * What the student did without a connection and the server has not seen yet (ratings of the day's
 * review), kept in IndexedDB so a closed tab or a restarted phone loses nothing. Each item carries
 * the id the device gave it: the server takes an id once, so sending an item again changes nothing
 * (docs/product-rules.md, "Review").
 */
export interface OutboxItem {
  /** The device's id for the item, also its key here. */
  id: string;
  /** Whose it is: only that account sends it. */
  userId: string;
  /** The API path it is posted to, and its body. */
  path: string;
  body: unknown;
  queuedAt: string;
}

const store = createStore('gabarita-envios', 'pendentes');
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever an item is queued or sent. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function queueItem(item: OutboxItem): Promise<void> {
  await set(item.id, item, store);
  changed();
}

/** The account's items, oldest first. */
export async function pendingItems(userId: string): Promise<OutboxItem[]> {
  const all = (await entries<string, OutboxItem>(store)).map(([, item]) => item);
  return all
    .filter((item) => item.userId === userId)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/**
 * Answers after which an item stays queued: no connection (0), the session ended (401: it goes
 * when the account signs in again), too many requests (429), a timeout (408) or a server error.
 */
const KEPT_ON = new Set([0, 401, 408, 429]);

export interface FlushResult {
  sent: number;
  /** Items the server refused (they would be refused again): dropped, with its message. */
  refused: { item: OutboxItem; message: string }[];
  /** True when the connection failed before every item went out (they stay queued). */
  interrupted: boolean;
}

/**
 * Sends the account's items one by one, oldest first. An item the server took, or refused for a
 * reason sending it again would not change, leaves the queue; a failed connection stops the
 * round and keeps the rest for the next one.
 */
export async function flushOutbox(
  userId: string,
  send: (item: OutboxItem) => Promise<unknown>,
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: [], interrupted: false };
  for (const item of await pendingItems(userId)) {
    try {
      await send(item);
      result.sent += 1;
    } catch (error) {
      if (!(error instanceof ApiError) || KEPT_ON.has(error.status) || error.status >= 500) {
        result.interrupted = true;
        break;
      }
      result.refused.push({ item, message: error.message });
    }
    await del(item.id, store);
    changed();
  }
  return result;
}
