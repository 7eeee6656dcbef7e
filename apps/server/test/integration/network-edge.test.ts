import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@gabarita/shared';
import { users } from '@/db/schema';
import { createPasswordUser, sessionCookieFor } from '../helpers/accounts';
import { rawRequest, slowRequest } from '../helpers/raw-http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** What reaches the server over a real socket: request lines, slow clients, the bound address. */
describe('the server at the network edge', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp({
      config: { nodeEnv: 'development', requestTimeoutMs: 2_000, logLevel: 'warn' },
      deps: {
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    baseUrl = await testApp.listen();
  });
  afterAll(() => testApp.close());
  const db = () => testApp.database.db;

  describe('a request line in absolute form', () => {
    it('is guarded like any other: a sign-up without our Origin is refused and creates nothing', async () => {
      const email = `absoluta.${Date.now()}@exemplo.com`;
      const body = JSON.stringify({ name: 'Absoluta', email, password: '123456' });
      const response = await rawRequest(
        baseUrl,
        `POST ${baseUrl}/api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      expect(response?.status).toBe(403);
      expect(JSON.parse(response!.body).error.message).toBe(AUTH_MESSAGES.originRejected);
      expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('resolves the session and keeps API answers out of caches', async () => {
      const { user, email } = await createPasswordUser(db());
      const cookie = await sessionCookieFor(db(), user.id);
      const response = await rawRequest(
        baseUrl,
        `GET ${baseUrl}/api/auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
          'Connection: close\r\n\r\n',
      );
      expect(response?.status).toBe(200);
      expect(response!.head.toLowerCase()).toContain('cache-control: no-store');
      expect(response!.body).toContain(email);
    });
  });

  describe('slow clients', () => {
    it('ends a body sent a byte at a time once the request time is up', async () => {
      const { closedAfterMs, response } = await slowRequest(
        baseUrl,
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:3000\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
        ' ',
        250,
      );
      // 2 s allowed, checked each second: gone well before the 60 s a slow client held before.
      expect(closedAfterMs).toBeLessThan(6_000);
      expect(response?.status).toBe(408);
    });

    it('ends headers sent a byte at a time', async () => {
      const { closedAfterMs } = await slowRequest(
        baseUrl,
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
        'X-Lento: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        250,
      );
      expect(closedAfterMs).toBeLessThan(6_000);
    });

    it('still takes a request that arrives in time, in pieces', async () => {
      const response = await rawRequest(
        baseUrl,
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      );
      expect(response?.status).toBe(200);
    });
  });

  describe('development pages', () => {
    const app = () => testApp.app;
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({
      remoteAddress,
      headers: { origin: 'http://localhost:3000', ...headers },
    });
    const devPages = [
      ['GET', '/api/dev/outbox'],
      ['GET', '/dev/outbox'],
      ['GET', '/dev/pix/00000000-0000-4000-8000-000000000000'],
      ['POST', '/dev/pix/00000000-0000-4000-8000-000000000000/pay'],
      ['POST', '/dev/pix/00000000-0000-4000-8000-000000000000/refund'],
    ] as const;

    it('answer only to this machine: another address, or a forward through an untrusted proxy, is refused', async () => {
      for (const [method, url] of devPages) {
        for (const client of [
          from('192.168.0.7'),
          from('10.0.0.2'),
          from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
          from('::1', { forwarded: 'for=203.0.113.9' }),
        ]) {
          const response = await app().inject({ method, url, ...client });
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().error.code).toBe('request/local-only');
        }
        const local = await app().inject({ method, url, ...from('127.0.0.1') });
        expect([200, 404], `${method} ${url}`).toContain(local.statusCode);
      }
    });

    it('trust the address a trusted proxy gives', async () => {
      const proxied = await createTestApp({
        database: testApp.database,
        config: { nodeEnv: 'development', trustProxy: 1 },
      });
      try {
        const outside = await proxied.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          ...from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
        });
        expect(outside.statusCode).toBe(403);
        const local = await proxied.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          ...from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }),
        });
        expect(local.statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });

    it('open the payment simulation to everyone only in a declared public demonstration', async () => {
      const demo = await createTestApp({
        database: testApp.database,
        config: {
          pix: { provider: 'sandbox', reconcileIntervalMs: 15_000, publicDemonstration: true },
        },
      });
      try {
        const page = await demo.app.inject({
          method: 'GET',
          url: '/dev/pix/00000000-0000-4000-8000-000000000000',
          ...from('192.168.0.7'),
        });
        expect(page.statusCode).toBe(404); // reached: there is no such purchase
        expect(page.body).toContain('Cobrança não encontrada');
      } finally {
        await demo.close();
      }
    });
  });

  describe('the warning about development mail', () => {
    const warned = () => logLines.some((line) => line.includes('ATENÇÃO: sem SMTP_URL'));

    it('is not given for a server bound to loopback', () => {
      expect(warned()).toBe(false);
    });

    it('is given for a server bound to every interface', async () => {
      const lines: string[] = [];
      const exposed = await createTestApp({
        database: testApp.database,
        config: { nodeEnv: 'development', logLevel: 'warn' },
        deps: {
          logStream: new Writable({
            write(chunk, _encoding, done) {
              lines.push(chunk.toString());
              done();
            },
          }),
        },
      });
      try {
        await exposed.app.listen({ port: 0, host: '0.0.0.0' });
        const warning = lines.find((line) => line.includes('ATENÇÃO: sem SMTP_URL'));
        expect(warning).toContain('só responde a este computador');
      } finally {
        await exposed.close();
      }
    });
  });
});
