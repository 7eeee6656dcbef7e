import {
  FINAL_PAYMENT_STATUSES,
  paymentEventSchema,
  paymentStreamErrorSchema,
  type PaymentEvent,
} from '@gabarita/shared';
import { useEffect, useEffectEvent } from 'react';
import { fetchPayment } from '../api/billing-api';

const POLL_MS = 3_000;
/** EventSource.CLOSED: the browser gave up reconnecting (an answer other than the stream). */
const GAVE_UP = 2;
/** Before opening the stream again when the browser gave up (a server restarting behind a proxy). */
const REOPEN_MS = 2_000;

/**
 * Follows one purchase live: GET /payments/:id/events (the browser reconnects by itself and the
 * server repeats the current state first), and, when the stream itself reports a failure, polling
 * GET /payments/:id instead. A server that stops ends the stream with a `reconnect` event (not
 * listened to): the browser reconnects, and where it gives up (a 502/503 while the servers
 * restart) the stream is opened again, without a notice. Stops at a final state or when
 * `purchaseId` is null.
 */
export function usePaymentEvents(
  purchaseId: string | null,
  onEvent: (event: PaymentEvent) => void,
  onStreamFailure: () => void,
) {
  const handleEvent = useEffectEvent(onEvent);
  const handleStreamFailure = useEffectEvent(onStreamFailure);

  useEffect(() => {
    if (!purchaseId) return;
    let stopped = false;
    let pollTimer: number | undefined;
    let reopenTimer: number | undefined;
    let source: EventSource;

    const stop = () => {
      stopped = true;
      source.close();
      window.clearTimeout(pollTimer);
      window.clearTimeout(reopenTimer);
    };
    const deliver = (event: PaymentEvent) => {
      if (stopped) return;
      handleEvent(event);
      if (FINAL_PAYMENT_STATUSES.includes(event.status)) stop();
    };
    const poll = async () => {
      try {
        deliver(await fetchPayment(purchaseId));
      } catch {
        // A failed poll is tried again at the next tick.
      }
      if (!stopped) pollTimer = window.setTimeout(() => void poll(), POLL_MS);
    };

    const open = () => {
      source = new EventSource(`/api/payments/${encodeURIComponent(purchaseId)}/events`);
      source.addEventListener('payment', (message) => {
        const parsed = paymentEventSchema.safeParse(JSON.parse(message.data as string));
        if (parsed.success) deliver(parsed.data);
      });
      // The server's `error` event carries data; the browser's own connection errors do not (it
      // reconnects by itself after those, unless it gave up).
      source.addEventListener('error', (message) => {
        const data = (message as MessageEvent).data;
        if (typeof data !== 'string') {
          if (source.readyState === GAVE_UP && !stopped) {
            reopenTimer = window.setTimeout(open, REOPEN_MS);
          }
          return;
        }
        if (!paymentStreamErrorSchema.safeParse(JSON.parse(data)).success) return;
        source.close();
        handleStreamFailure();
        void poll();
      });
    };
    open();
    return stop;
  }, [purchaseId]);
}
