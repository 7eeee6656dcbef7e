import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEventSchema, createPaymentResponseSchema } from '@gabarita/shared';
import { buildApp } from '@/app';
import type { DatabaseHandle } from '@/db/client';
import { purchases } from '@/db/schema';
import { APP_ORIGIN, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { openEventStream } from '../helpers/event-stream';
import { buy } from '../helpers/payments';
import { createTestApp, type TestApp, testConfig } from '../helpers/test-app';

/**
 * The payment page's stream, served by one instance while another learns of the payment: the
 * change travels by PostgreSQL NOTIFY (PGlite's in memory), as between servers behind a balancer.
 */
describe('payment events across instances', () => {
  let first: TestApp;
  let secondDatabase: DatabaseHandle;
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    first = await createTestApp();
    secondDatabase = await first.database.openAnother();
    second = await buildApp(testConfig(), { database: secondDatabase });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await first.close();
  });

  async function purchaseOn(app: FastifyInstance) {
    const account = await signedInStudent(app, first.database);
    const response = await buy(app, account.cookie);
    expect(response.statusCode).toBe(201);
    return { ...account, purchaseId: parsed(response, createPaymentResponseSchema).purchaseId };
  }

  function simulatePayment(app: FastifyInstance, purchaseId: string) {
    return app.inject({
      method: 'POST',
      url: `/dev/pix/${purchaseId}/pay`,
      headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  }

  const data = (event: { data: string }) => paymentEventSchema.parse(JSON.parse(event.data));

  it('tells a page on one instance of a payment another instance confirmed, then ends', async () => {
    const { cookie, purchaseId } = await purchaseOn(first.app);
    const stream = await openEventStream(`${secondUrl}/api/payments/${purchaseId}/events`, {
      cookie,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(stream.headers.get('content-security-policy')).toBeTruthy();
      const opening = await stream.next((event) => event.event === 'payment');
      expect(opening.retry).toBe(3000);
      expect(data(opening)).toMatchObject({ purchaseId, status: 'pending', paidLate: false });

      // The sandbox page lets the browser send its origin, so its own buttons pass the
      // same-site check (a no-referrer policy would make the form post say `Origin: null`).
      const sandboxPage = await first.app.inject({ method: 'GET', url: `/dev/pix/${purchaseId}` });
      expect(sandboxPage.headers['referrer-policy']).toBe('same-origin');
      const simulated = await simulatePayment(first.app, purchaseId);
      expect(simulated.statusCode).toBe(303);
      expect(simulated.headers.location).toContain('webhook=200');

      const paid = await stream.next((event) => data(event).status === 'paid');
      expect(data(paid)).toMatchObject({ purchaseId, status: 'paid', paidLate: false });
      expect(Number(paid.id)).toBeGreaterThan(Number(opening.id));
      await stream.ended; // a final state ends the stream
    } finally {
      stream.close();
    }
  });

  it('sends the current state first to a page that reconnects', async () => {
    const { cookie, purchaseId } = await purchaseOn(second);
    await simulatePayment(second, purchaseId);

    const stream = await openEventStream(`${secondUrl}/api/payments/${purchaseId}/events`, {
      cookie,
      'last-event-id': '1',
    });
    await stream.ended;
    expect(stream.events.map((event) => [event.event, data(event).status])).toEqual([
      ['payment', 'paid'],
    ]);
  });

  it("reports the window's end, keeps listening, and then a late payment", async () => {
    const { cookie, purchaseId } = await purchaseOn(first.app);
    const stream = await openEventStream(`${secondUrl}/api/payments/${purchaseId}/events`, {
      cookie,
    });
    try {
      await stream.next((event) => data(event).status === 'pending');
      await first.database.db
        .update(purchases)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(purchases.id, purchaseId));
      await first.app.reconcilePayments();
      const expired = await stream.next((event) => data(event).status === 'expired');
      expect(data(expired).paidAt).toBeNull();

      await simulatePayment(first.app, purchaseId);
      const late = await stream.next((event) => data(event).status === 'paid');
      expect(data(late)).toMatchObject({ status: 'paid', paidLate: true });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('ends open streams when a server closes, so a graceful stop never waits for browsers', async () => {
    const database = await first.database.openAnother();
    const closing = await buildApp(testConfig(), { database });
    const url = await closing.listen({ port: 0, host: '127.0.0.1' });
    const { cookie, purchaseId } = await purchaseOn(first.app);
    const stream = await openEventStream(`${url}/api/payments/${purchaseId}/events`, { cookie });
    try {
      await stream.next((event) => event.event === 'payment');
      const started = Date.now();
      await closing.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      stream.close();
      await database.close();
    }
  });

  it("answers 404 for someone else's purchase, before any stream starts", async () => {
    const { purchaseId } = await purchaseOn(first.app);
    const stranger = await signedInStudent(second, first.database);
    const response = await fetch(`${secondUrl}/api/payments/${purchaseId}/events`, {
      headers: { cookie: stranger.cookie },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'billing/not-found' } });
  });
});
