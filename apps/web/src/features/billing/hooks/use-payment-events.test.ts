import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '@/test/fake-event-source';
import { stubApi } from '@/test/render-app';
import { usePaymentEvents } from './use-payment-events';

const PURCHASE_ID = '5b0c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10';

const pending = {
  purchaseId: PURCHASE_ID,
  status: 'pending',
  paidAt: null,
  paidLate: false,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
};

/** A source whose connection state the test sets, as the browser keeps it. */
class SourceWithState extends FakeEventSource {
  readyState = 1;
}

function follow() {
  stubEventSource();
  vi.stubGlobal('EventSource', SourceWithState);
  const api = stubApi({ [`GET /payments/${PURCHASE_ID}`]: pending });
  const onEvent = vi.fn();
  const onStreamFailure = vi.fn();
  renderHook(() => usePaymentEvents(PURCHASE_ID, onEvent, onStreamFailure));
  const sources = () => FakeEventSource.instances as SourceWithState[];
  return { api, onEvent, onStreamFailure, sources };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePaymentEvents across a server restart', () => {
  it("neither polls nor reports a failure when the stream ends with the server's reconnect event", async () => {
    const { api, onEvent, onStreamFailure, sources } = follow();
    const [source] = sources();
    act(() => source!.emit('payment', pending));
    expect(onEvent).toHaveBeenCalledTimes(1);

    // The server stops: its last event, then the end of the stream (the browser reconnects).
    act(() => {
      source!.emit('reconnect', {});
      source!.readyState = 0;
      source!.emit('error');
    });
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(onStreamFailure).not.toHaveBeenCalled();
    expect(api.calls(`GET /payments/${PURCHASE_ID}`)).toHaveLength(0);
    expect(source!.closed).toBe(false);
    expect(sources()).toHaveLength(1);

    // The reconnected stream repeats the current state and goes on.
    act(() =>
      source!.emit('payment', { ...pending, status: 'paid', paidAt: new Date().toISOString() }),
    );
    expect(onEvent).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'paid' }));
  });

  it('opens the stream again, without a notice, when the browser gives up reconnecting', async () => {
    const { api, onEvent, onStreamFailure, sources } = follow();
    const [first] = sources();
    act(() => {
      first!.readyState = 2;
      first!.emit('error');
    });
    expect(sources()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2_000));

    expect(sources()).toHaveLength(2);
    expect(sources()[1]!.url).toBe(`/api/payments/${PURCHASE_ID}/events`);
    act(() => sources()[1]!.emit('payment', pending));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onStreamFailure).not.toHaveBeenCalled();
    expect(api.calls(`GET /payments/${PURCHASE_ID}`)).toHaveLength(0);
  });

  it("falls back to polling only on the server's own failure event", async () => {
    const { api, onStreamFailure, sources } = follow();
    act(() => sources()[0]!.emit('error', { code: 'billing/stream-failed', message: 'falhou' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onStreamFailure).toHaveBeenCalledTimes(1);
    expect(api.calls(`GET /payments/${PURCHASE_ID}`).length).toBeGreaterThan(0);
  });
});
