import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { createSessionCache } from './session-cache';
import type { LiveSession } from './session-lookup';

const session = (userId: string, name: string) =>
  ({ session: { tokenHash: 'h' }, user: { id: userId, name } }) as unknown as LiveSession;

async function startedCache() {
  let notify: (payload: string) => void = () => undefined;
  const database = {
    listen: async (_channel: string, onMessage: (payload: string) => void) => {
      notify = onMessage;
      return async () => undefined;
    },
  } as unknown as DatabaseHandle;
  const cache = createSessionCache(database, { warn: () => undefined } as never);
  await cache.start();
  return { cache, notify: (userId: string) => notify(userId) };
}

/** A read that answers only when told to, as a database held by a long write does. */
function heldRead() {
  const pending: ((found: LiveSession | undefined) => void)[] = [];
  const read = vi.fn(
    () => new Promise<LiveSession | undefined>((resolve) => pending.push(resolve)),
  );
  return { read, answer: (found: LiveSession | undefined) => pending.shift()!(found) };
}

describe('the session cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a session kept past its time at once and reads it again behind', async () => {
    const { cache } = await startedCache();
    const { read, answer } = heldRead();
    const first = cache.lookup('h', read);
    answer(session('u1', 'Antes'));
    expect((await first)?.user.name).toBe('Antes');

    vi.advanceTimersByTime(31_000);
    // The database is busy: the kept session is answered, and read again only once.
    expect((await cache.lookup('h', read))?.user.name).toBe('Antes');
    expect((await cache.lookup('h', read))?.user.name).toBe('Antes');
    expect(read).toHaveBeenCalledTimes(2);
    answer(session('u1', 'Depois'));
    await vi.waitFor(async () => expect((await cache.lookup('h', read))?.user.name).toBe('Depois'));
  });

  it('keeps nothing read before a change it heard', async () => {
    const { cache, notify } = await startedCache();
    const { read, answer } = heldRead();
    const first = cache.lookup('h', read);
    answer(session('u1', 'Antes'));
    await first;

    vi.advanceTimersByTime(31_000);
    await cache.lookup('h', read);
    // A change arrives while the re-read is under way: the user's sessions are dropped, and what
    // the re-read brings back (read before the change) is not kept.
    notify('u1');
    answer(session('u1', 'Antes'));
    const next = cache.lookup('h', read);
    expect(read).toHaveBeenCalledTimes(3);
    answer(undefined);
    expect(await next).toBeUndefined();
  });
});
