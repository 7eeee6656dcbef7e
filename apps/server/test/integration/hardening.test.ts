import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { Writable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CONTENT_UPLOAD_MESSAGES,
  IMAGE_REPLACE_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gabarita/shared';
import { executeRows } from '@/db/client';
import { operatorRuns } from '@/db/schema';
import { insertRun } from '@/modules/operator/operator.repo';
import { createOperatorService } from '@/modules/operator/operator.service';
import { createRateLimiter } from '@/modules/rate-limit/rate-limit.service';
import {
  APP_ORIGIN,
  createPasswordUser,
  sessionCookieFor,
  sessionCookieOf,
} from '../helpers/accounts';
import { actionCodeIn, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Defects found by probing the running server. Each client gets its own address, so the limits one
 * test provokes do not spill into the next.
 */
describe('hardening', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  let proxied: TestApp;
  const logLines: string[] = [];
  let nextAddress = 10;
  const newAddress = () => `10.9.0.${nextAddress++}`;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    testApp = await createTestApp({
      config: { smtp: { url: smtp.url, from: 'Gabarita <g@g.test>' } },
    });
    proxied = await createTestApp({
      database: testApp.database,
      config: { trustProxy: 1, logLevel: 'info', appUrl: 'http://192.168.0.10:3000' },
      deps: {
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      },
    });
  });
  afterAll(async () => {
    await proxied.close();
    await testApp.close();
    await smtp.close();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  function call(
    target: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    options: {
      body?: unknown;
      cookie?: string;
      ip?: string;
      headers?: Record<string, string>;
      payload?: Buffer | string;
    } = {},
  ) {
    return target.inject({
      method,
      url,
      remoteAddress: options.ip ?? '10.8.0.1',
      headers: {
        origin: APP_ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : method === 'GET'
          ? {}
          : { payload: (options.body ?? {}) as Record<string, unknown> }),
    });
  }

  async function resetCode(email: string, ip = newAddress()) {
    const before = smtp.messages.length;
    const response = await call(app(), 'POST', '/api/auth/password-reset', {
      body: { email },
      ip,
    });
    expect(response.statusCode).toBe(200);
    for (let i = 0; i < 50 && smtp.messages.length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return actionCodeIn(await smtp.lastTo(email), 'resetPassword');
  }

  it('1. a new password voids every other open reset link', async () => {
    const { email } = await createPasswordUser(db());
    const first = await resetCode(email);
    const second = await resetCode(email);
    const confirmed = await call(app(), 'POST', '/api/auth/action/confirm-reset', {
      body: { oobCode: second, newPassword: 'senha-nova-1' },
    });
    expect(confirmed.statusCode).toBe(204);

    const check = await call(app(), 'POST', '/api/auth/action/check-reset', {
      body: { oobCode: first },
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().error.message).toBe(AUTH_MESSAGES.resetCodeInvalid);
    const reuse = await call(app(), 'POST', '/api/auth/action/confirm-reset', {
      body: { oobCode: first, newPassword: 'senha-do-invasor' },
    });
    expect(reuse.statusCode).toBe(400);
    const login = await call(app(), 'POST', '/api/auth/login', {
      body: { email, password: 'senha-do-invasor' },
      ip: newAddress(),
    });
    expect(login.statusCode).toBe(401);
  });

  it('2. a NUL byte in a body is a 400 that counts against no limit', async () => {
    const ip = newAddress();
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await call(app(), 'POST', '/api/auth/signup', {
        body: { name: 'A\u0000', email: `nul${attempt}@exemplo.com`, password: '123456' },
        ip,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        name: 'O texto contém caracteres não permitidos.',
      });
    }
    const valid = await call(app(), 'POST', '/api/auth/signup', {
      body: { name: 'Ana', email: 'ana.nul@exemplo.com', password: '123456' },
      ip,
    });
    expect(valid.statusCode).toBe(201);
  });

  describe('4. client address behind a reverse proxy', () => {
    it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
      const forwarded = (target: FastifyInstance, client: string) =>
        call(target, 'POST', '/api/auth/password-reset', {
          body: { email: `ninguem.${client}@exemplo.com` },
          ip: '10.7.0.1',
          headers: {
            'x-forwarded-for': client,
            origin: target === app() ? APP_ORIGIN : 'http://192.168.0.10:3000',
          },
        });
      // Direct: the forwarded header is a client's claim, so everyone shares 10.7.0.1's limit.
      const direct = [];
      for (let i = 0; i < 6; i++) direct.push((await forwarded(app(), `172.16.0.${i}`)).statusCode);
      expect(direct).toEqual([404, 404, 404, 404, 404, 429]);
      // Behind one trusted proxy: each real client has its own limit.
      const viaProxy = [];
      for (let i = 0; i < 6; i++)
        viaProxy.push((await forwarded(proxied.app, `172.16.1.${i}`)).statusCode);
      expect(viaProxy).toEqual([404, 404, 404, 404, 404, 404]);
    });
  });

  it('5. an unknown address is told apart only a few times per client', async () => {
    const ip = newAddress();
    const { email } = await createPasswordUser(db());
    const misses = [];
    for (let i = 0; i < 6; i++) {
      misses.push(
        (
          await call(app(), 'POST', '/api/auth/password-reset', {
            body: { email: `sonda${i}@exemplo.com` },
            ip,
          })
        ).statusCode,
      );
    }
    expect(misses).toEqual([404, 404, 404, 404, 404, 429]);
    // Once limited, the client learns nothing more, not even about an address that exists.
    const known = await call(app(), 'POST', '/api/auth/password-reset', { body: { email }, ip });
    expect(known.statusCode).toBe(429);
  });

  it('6. the password-change link is rate limited per account', async () => {
    const { email, password } = await createPasswordUser(db());
    const login = await call(app(), 'POST', '/api/auth/login', {
      body: { email, password },
      ip: newAddress(),
    });
    const cookie = sessionCookieOf(login);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call(app(), 'POST', '/api/me/password-change-link', { cookie })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('7. judges development mail by the address bound, not by APP_URL', async () => {
    // APP_URL names a network address, but the server listens on loopback only: nobody else can
    // reach its outbox, so there is nothing to warn about (bound to every interface, it warns:
    // network-edge.test.ts).
    await proxied.listen();
    expect(logLines.join('\n')).not.toContain('ATENÇÃO: sem SMTP_URL');
  });

  it('marks an operator run whose process is gone as interrupted, and lists it so', async () => {
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const dead = { hostname: os.hostname(), pid: Number(exited.stdout.toString()) };
    const elsewhere = { hostname: 'outra-maquina', pid: 1 };
    const killedImport = await insertRun(db(), 'content:import', ['/catalogo'], 'direct', dead);
    const remoteImport = await insertRun(db(), 'content:import', ['/remoto'], 'direct', elsewhere);

    const output = await createOperatorService(testApp.database).run('db:status', [], 'direct');

    expect(
      output.some((line) => line.endsWith('content:import /catalogo  [direct, interrupted]')),
    ).toBe(true);
    const statuses = await db()
      .select({ id: operatorRuns.id, status: operatorRuns.status })
      .from(operatorRuns)
      .where(inArray(operatorRuns.id, [killedImport, remoteImport]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [killedImport]: 'interrupted',
      // Another machine's process cannot be checked from here: left as it was.
      [remoteImport]: 'running',
    });
  });

  it('13. puts nothing the account holder typed into mail to an unproven address', async () => {
    const email = `phishing.${Date.now()}@exemplo.com`;
    const name = 'Ganhe um prêmio em http://premio.exemplo.com';
    const signup = await call(app(), 'POST', '/api/auth/signup', {
      body: { name, email, password: '123456' },
      ip: newAddress(),
    });
    expect(signup.statusCode).toBe(201);
    const verification = await smtp.lastTo(email);
    expect(actionCodeIn(verification, 'verifyEmail')).toBeTruthy();
    for (const part of [verification.subject, verification.text, verification.html]) {
      expect(part).not.toContain('premio.exemplo.com');
      expect(part).not.toContain('Ganhe um prêmio');
    }
  });

  it('14. free-text query filters follow the text rule: a NUL is a 400', async () => {
    const { user, email } = await createPasswordUser(db());
    await createOperatorService(testApp.database).run(
      'admin:create',
      [email, '--role', 'admin'],
      'direct',
    );
    const cookie = await sessionCookieFor(db(), user.id);
    for (const url of [
      '/api/admin/reports?prova=a%00',
      '/api/admin/reports?disciplina=a%00',
      '/api/admin/audit?acao=a%00',
      '/api/admin/audit?alvo=a%00',
    ]) {
      const response = await call(app(), 'GET', url, { cookie, ip: newAddress() });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toBe(VALIDATION_MESSAGES.invalidCharacters);
    }
  });

  describe('8. malformed multipart bodies answer 400 on every upload route', () => {
    const routes = [
      {
        method: 'PUT' as const,
        url: '/api/me/photo',
        part: 'name="photo"; filename="a.png"',
        error: { code: 'photo/invalid-upload', message: AUTH_MESSAGES.photoUploadInvalid },
      },
      {
        method: 'PUT' as const,
        url: '/api/admin/images/grafico',
        part: 'name="imagem"; filename="a.png"',
        error: {
          code: 'editor/image-upload-incomplete',
          message: IMAGE_REPLACE_MESSAGES.uploadIncomplete,
        },
      },
      {
        method: 'POST' as const,
        url: '/api/admin/imports?verificar=1',
        part: 'name="arquivo"; filename="a.zip"',
        error: {
          code: 'content/upload-incomplete',
          message: CONTENT_UPLOAD_MESSAGES.uploadIncomplete,
        },
      },
    ];
    const bodies = [
      { name: 'no boundary', contentType: 'multipart/form-data', payload: () => '--x\r\n' },
      {
        name: 'a truncated part',
        contentType: 'multipart/form-data; boundary=abc',
        payload: (part: string) =>
          `--abc\r\nContent-Disposition: form-data; ${part}\r\nContent-Type: application/octet-stream\r\n\r\n\x89PNG`,
      },
    ];
    let editor: string;
    beforeAll(async () => {
      const { user, email } = await createPasswordUser(db());
      await createOperatorService(testApp.database).run(
        'admin:create',
        [email, '--role', 'editor'],
        'direct',
      );
      editor = await sessionCookieFor(db(), user.id);
    });

    it.each(routes.flatMap((route) => bodies.map((body) => ({ ...route, body }))))(
      '$method $url, $body.name -> 400',
      async ({ method, url, part, error, body }) => {
        const response = await call(app(), method, url, {
          cookie: editor,
          ip: newAddress(),
          headers: { 'content-type': body.contentType },
          payload: body.payload(part),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual(error);
      },
    );
  });

  it('10. API answers are no-store unless a public route opts into caching', async () => {
    const { email, password } = await createPasswordUser(db());
    const cookie = sessionCookieOf(
      await call(app(), 'POST', '/api/auth/login', { body: { email, password }, ip: newAddress() }),
    );
    for (const url of ['/api/me', '/api/auth/session']) {
      const response = await call(app(), 'GET', url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // Catalogue reads carry the user's marks: only the browser may keep them, and must revalidate.
    for (const url of ['/api/exams', '/api/disciplines']) {
      const response = await call(app(), 'GET', url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
    }
    const patch = await call(app(), 'PATCH', '/api/me', { cookie, body: { name: 'Novo Nome' } });
    expect(patch.headers['cache-control']).toBe('no-store');
  });

  it("11. a user's photo is shown to its owner only", async () => {
    const owner = await createPasswordUser(db());
    const other = await createPasswordUser(db());
    const signIn = async (account: { email: string; password: string }) =>
      sessionCookieOf(
        await call(app(), 'POST', '/api/auth/login', { body: account, ip: newAddress() }),
      );
    const ownerCookie = await signIn(owner);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const boundary = 'foto';
    const upload = await call(app(), 'PUT', '/api/me/photo', {
      cookie: ownerCookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const { photoUrl } = upload.json();
    expect((await call(app(), 'GET', photoUrl, { cookie: ownerCookie })).statusCode).toBe(200);
    const byOther = await call(app(), 'GET', photoUrl, { cookie: await signIn(other) });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.headers['content-type']).toMatch(/json/);
  });

  describe('12. failed sign-ins by others do not lock the owner out', () => {
    async function failTenTimes(email: string) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await call(app(), 'POST', '/api/auth/login', {
          body: { email, password: 'chute' },
          ip: `10.6.${nextAddress}.${attempt}`,
        });
        expect(response.statusCode).toBe(401);
      }
      nextAddress += 1;
    }

    it('lets a correct password through from a browser that signed in before', async () => {
      const { email, password } = await createPasswordUser(db());
      const first = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password },
        ip: newAddress(),
      });
      const browser = first.cookies.find((cookie) => cookie.name === 'gabarita_browser');
      expect(browser?.httpOnly).toBe(true);
      await failTenTimes(email);

      const stranger = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password },
        ip: newAddress(),
      });
      expect(stranger.statusCode).toBe(429);
      const owner = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password },
        ip: newAddress(),
        cookie: `gabarita_browser=${browser!.value}`,
      });
      expect(owner.statusCode).toBe(200);
      // The owner's sign-in lifts the hold for nobody else: not for the right password elsewhere,
      // not for guessers.
      const strangerAfter = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password },
        ip: newAddress(),
      });
      expect(strangerAfter.statusCode).toBe(429);
      const guesser = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password: 'outro-chute' },
        ip: newAddress(),
      });
      expect(guesser.statusCode).toBe(429);
      // A known browser with a wrong password gets no more tries than anyone else.
      const guess = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password: 'chute' },
        ip: newAddress(),
        cookie: `gabarita_browser=${browser!.value}`,
      });
      expect(guess.statusCode).toBe(401);
    });

    it('lifts the limit once the owner resets the password by e-mail', async () => {
      const { email } = await createPasswordUser(db());
      await failTenTimes(email);
      const code = await resetCode(email);
      await call(app(), 'POST', '/api/auth/action/confirm-reset', {
        body: { oobCode: code, newPassword: 'outra-senha-2' },
      });
      const login = await call(app(), 'POST', '/api/auth/login', {
        body: { email, password: 'outra-senha-2' },
        ip: newAddress(),
      });
      expect(login.statusCode).toBe(200);
    });

    it('purges counters whose window closed long ago, and expired sessions', async () => {
      await db().execute(
        sql`insert into rate_limits (key, window_started_at, hits)
            values ('teste:antigo', now() - interval '2 days', 3), ('teste:novo', now(), 1)`,
      );
      expect(await createRateLimiter(db()).purgeExpired()).toBeGreaterThanOrEqual(1);
      const keys = await executeRows<{ key: string }>(
        db(),
        sql`select key from rate_limits where key like 'teste:%'`,
      );
      expect(keys.map((row) => row.key)).toEqual(['teste:novo']);
    });
  });
});
