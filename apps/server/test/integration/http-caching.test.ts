import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentResponseSchema } from '@gabarita/shared';
import { signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { openEventStream } from '../helpers/event-stream';
import { buy } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('compression and HTTP caching of API answers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());

  const getRaw = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('compresses JSON over the threshold with brotli or gzip, as the client accepts', async () => {
    const plain = await getRaw('/api/exams');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await getRaw('/api/exams', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await getRaw('/api/exams', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // Small answers go as they are.
    const small = await getRaw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("lets any cache keep a visitor's catalogue answer briefly, and revalidates with an ETag", async () => {
    for (const url of [
      '/api/exams?disciplina=matematica',
      '/api/exams/alfa_2017_prova',
      '/api/questions/alfa_2017_prova_1',
      '/api/disciplines',
      '/api/disciplines/matematica/questions',
    ]) {
      const first = await getRaw(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect(first.headers.vary).toMatch(/cookie/i);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);

      const again = await getRaw(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      const changed = await getRaw(url, { 'if-none-match': 'W/"outro"' });
      expect(changed.statusCode).toBe(200);
    }
  });

  it("keeps a signed-in user's catalogue answer private, and other API answers uncached", async () => {
    const { cookie } = await signedInStudent(testApp.app, testApp.database);
    const mine = await getRaw('/api/exams', { cookie });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.vary).toMatch(/cookie/i);
    const revalidated = await getRaw('/api/exams', {
      cookie,
      'if-none-match': mine.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);

    const session = await getRaw('/api/auth/session', { cookie });
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.headers.etag).toBeUndefined();
    const missing = await getRaw('/api/exams/nao_existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('never compresses an event stream, so its first event arrives at once', async () => {
    const url = await testApp.listen();
    const { cookie } = await signedInStudent(testApp.app, testApp.database);
    const purchase = await buy(testApp.app, cookie);
    expect(purchase.statusCode).toBe(201);
    const stream = await openEventStream(
      `${url}/api/payments/${parsed(purchase, createPaymentResponseSchema).purchaseId}/events`,
      { cookie, 'accept-encoding': 'br, gzip' },
    );
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-encoding')).toBeNull();
      // The stream stays open: its first event came through unbuffered.
      const opening = await stream.next((event) => event.event === 'payment', 5_000);
      expect(JSON.parse(opening.data)).toMatchObject({ status: 'pending' });
    } finally {
      stream.close();
    }
  });
});
