import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { flushOutbox, pendingItems, queueItem, type OutboxItem } from './outbox';

let clock = 0;
function item(id: string, userId = 'ana'): OutboxItem {
  clock += 1;
  return {
    id,
    userId,
    path: '/review/ratings',
    body: { id },
    queuedAt: new Date(Date.UTC(2026, 11, 7, 12, 0, clock)).toISOString(),
  };
}

const refused = (status: number, message = 'Recusada.') =>
  new ApiError({ status, code: 'x', message });

beforeEach(async () => {
  for (const userId of ['ana', 'bia']) {
    await flushOutbox(userId, () => Promise.resolve());
  }
});

describe('outbox', () => {
  it('sends an account’s items oldest first and empties its queue', async () => {
    await queueItem(item('b'));
    await queueItem(item('a'));
    await queueItem(item('other', 'bia'));
    const sent: string[] = [];
    const result = await flushOutbox('ana', async (queued) => {
      sent.push(queued.id);
    });
    expect(sent).toEqual(['b', 'a']);
    expect(result).toEqual({ sent: 2, refused: [], interrupted: false });
    expect(await pendingItems('ana')).toEqual([]);
    expect((await pendingItems('bia')).map((queued) => queued.id)).toEqual(['other']);
  });

  it('keeps the rest when the connection fails, and sends them in the next round', async () => {
    await queueItem(item('1'));
    await queueItem(item('2'));
    await queueItem(item('3'));
    let calls = 0;
    const first = await flushOutbox('ana', async () => {
      calls += 1;
      if (calls === 2) throw refused(0, 'Sem conexão.');
    });
    expect(first).toEqual({ sent: 1, refused: [], interrupted: true });
    expect((await pendingItems('ana')).map((queued) => queued.id)).toEqual(['2', '3']);
    const second = await flushOutbox('ana', () => Promise.resolve());
    expect(second.sent).toBe(2);
  });

  it.each([401, 408, 429, 503])('keeps the item after a %i', async (status) => {
    await queueItem(item('kept'));
    const result = await flushOutbox('ana', () => Promise.reject(refused(status)));
    expect(result.interrupted).toBe(true);
    expect((await pendingItems('ana')).map((queued) => queued.id)).toEqual(['kept']);
  });

  it('drops an item the server refuses for good, with its message, and goes on', async () => {
    await queueItem(item('bad'));
    await queueItem(item('good'));
    const result = await flushOutbox('ana', async (queued) => {
      if (queued.id === 'bad') throw refused(422, 'Este cartão foi excluído.');
    });
    expect(result.sent).toBe(1);
    expect(result.refused.map(({ item: queued, message }) => [queued.id, message])).toEqual([
      ['bad', 'Este cartão foi excluído.'],
    ]);
    expect(await pendingItems('ana')).toEqual([]);
  });

  it('queues an item once under its id, however often it is queued', async () => {
    const twice = item('same');
    await queueItem(twice);
    await queueItem(twice);
    expect(await pendingItems('ana')).toHaveLength(1);
  });
});
