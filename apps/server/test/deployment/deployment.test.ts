import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAnswerResponseSchema,
  createPaymentResponseSchema,
  meResponseSchema,
  questionDetailSchema,
  questionEditingSchema,
} from '@gabarita/shared';
import { serverRoot } from '@/paths';
import { parsed } from '../helpers/contract';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { type FakeMercadoPago, startFakeMercadoPago } from '../helpers/fake-mercado-pago';
import { openEventStream } from '../helpers/event-stream';
import { PAYER } from '../helpers/payments';
import { adminQuery, databaseUrl } from '../helpers/postgres-admin';
import { readStream } from '../helpers/sse';
import { actionCodeIn, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher';
import { APP_ORIGIN, type Client, clientAt, sessionCookieOf } from './client';
import { freePort, type ServerInstance, serverInstance } from './instance';
import { renderNginxConfig, type RunningNginx, startNginx } from './nginx';
import { type LoadSample, summarize } from './load';

/**
 * Two built servers on one PostgreSQL behind nginx with deploy/nginx.conf, as
 * docs/deployment.md ("Behind nginx") recommends: every request goes through the proxy, on
 * loopback, from client addresses 127.0.0.x. Ends with a rolling restart under load.
 */
const repoRoot = path.resolve(serverRoot, '../..');
const PASSWORD = 'senha-forte-123';
/** The event streams' keep-alive comment (lib/sse.ts) and the payment page's re-read. */
const HEARTBEAT_SECONDS = 15;
const run = promisify(execFile);

const adminUrl = process.env.TEST_DATABASE_URL;
const built = ['apps/server/dist/main.js', 'apps/server/dist/ops.js', 'apps/web/dist/index.html'];

// The tests run in order and build on each other: the first one's student pays in the second,
// asks the tutor in the third and answers under load in the last.
describe('two instances behind nginx', () => {
  const databaseName = `gabarita_deploy_${Date.now()}_${process.pid}`;
  let url: string;
  let db: pg.Client;
  let dir: string;
  let fake: FakeMercadoPago;
  let ai: FakeProvider;
  let smtp: SmtpCatcher;
  let instances: [ServerInstance, ServerInstance];
  let nginx: RunningNginx;
  let proxy: string;
  const clients: Client[] = [];
  const client = (lastByte: number) => {
    const made = clientAt(proxy, `127.0.0.${lastByte}`);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    if (!adminUrl) {
      throw new Error(
        'O teste de implantação precisa de PostgreSQL: defina TEST_DATABASE_URL (ex.: postgres://postgres@127.0.0.1:5432/test).',
      );
    }
    const missing = built.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
    if (missing.length > 0) {
      throw new Error(
        `Falta o build (${missing.join(', ')}): rode "npm run build" ou "npm run test:deployment".`,
      );
    }
    await adminQuery(adminUrl, `create database ${databaseName}`);
    url = databaseUrl(adminUrl, databaseName);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-deploy-'));
    [fake, ai, smtp] = await Promise.all([
      startFakeMercadoPago(),
      startFakeOpenAi(),
      startSmtpCatcher(),
    ]);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      APP_URL: APP_ORIGIN,
      TRUST_PROXY: '1',
      SMTP_URL: smtp.url,
      PIX_PROVIDER: 'mercadopago',
      MP_API_URL: fake.url,
      MP_ACCESS_TOKEN: fake.accessToken,
      MP_WEBHOOK_SECRET: fake.webhookSecret,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: ai.url,
      AI_MODEL: 'modelo-local',
      AI_API_KEY: 'chave-local',
    };
    const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
    instances = [
      serverInstance({ name: 'A', port: portA, cwd: repoRoot, env }),
      serverInstance({ name: 'B', port: portB, cwd: repoRoot, env }),
    ];
    // One after the other: the first migrates the new database and loads the demo catalogue.
    await instances[0].start();
    await instances[1].start();
    const site = renderNginxConfig(
      fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'),
      {
        listen: `127.0.0.1:${portProxy}`,
        upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`),
      },
    );
    nginx = await startNginx(dir, site, portProxy);
    proxy = nginx.url;
  });

  afterAll(async () => {
    for (const made of clients) made.close();
    await nginx?.stop();
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await Promise.all([fake?.close(), ai?.stop(), smtp?.close()]);
    await db?.end();
    if (adminUrl)
      await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Sign-up, the e-mailed link, sign-in: all through the proxy. */
  async function signedUp(visitor: Client, name: string) {
    const email = `${name.toLowerCase()}.${Date.now()}@exemplo.com.br`;
    const signup = await visitor.post('/api/auth/signup', { name, email, password: PASSWORD });
    expect(signup.status, signup.body).toBe(201);
    const oobCode = actionCodeIn(await smtp.lastTo(email), 'verifyEmail');
    const verified = await visitor.post('/api/auth/action/verify-email', { oobCode });
    expect(verified.status, verified.body).toBe(200);
    const login = await visitor.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status, login.body).toBe(200);
    return { email, cookie: sessionCookieOf(login) };
  }

  async function userId(email: string) {
    const { rows } = await db.query<{ id: string }>('select id from users where email = $1', [
      email,
    ]);
    return rows[0]!.id;
  }

  function notify(visitor: Client, paymentId: number) {
    const notification = fake.notification(paymentId);
    return visitor.request('POST', notification.url, {
      text: JSON.stringify(notification.payload),
      headers: notification.headers,
      noOrigin: true,
    });
  }

  /** A client of one instance, bypassing the proxy. */
  const direct = (instance: ServerInstance) => {
    const made = clientAt(instance.url);
    clients.push(made);
    return made;
  };
  let student: { email: string; cookie: string };
  let idleStream: Awaited<ReturnType<typeof openEventStream>> | undefined;
  let idleSince = 0;

  it('keeps a session made through the proxy on both instances, and ends it on both', async () => {
    const visitor = client(2);
    student = await signedUp(visitor, 'Ana');
    for (const instance of instances) {
      const me = await direct(instance).get('/api/me', student.cookie);
      expect(me.status, `${instance.name}: ${me.body}`).toBe(200);
      expect(parsed(me, meResponseSchema).email).toBe(student.email);
    }
    // Round-robin: consecutive requests through the proxy go to both instances.
    for (let i = 0; i < 4; i += 1)
      expect((await visitor.get('/api/me', student.cookie)).status).toBe(200);

    const other = await signedUp(client(3), 'Bia');
    expect((await client(3).post('/api/auth/logout', {}, other.cookie)).status).toBe(204);
    for (const instance of instances) {
      expect((await direct(instance).get('/api/me', other.cookie)).status).toBe(401);
    }
  });

  it('passes a payment page stream and the confirmation through the proxy', async () => {
    const visitor = client(2);
    const created = await visitor.post(
      '/api/payments',
      { productId: 'mensal', productType: 'plan', payer: PAYER },
      student.cookie,
    );
    expect(created.status, created.body).toBe(201);
    const { purchaseId } = parsed(created, createPaymentResponseSchema);
    const stream = await openEventStream(`${proxy}/api/payments/${purchaseId}/events`, {
      cookie: student.cookie,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      const status = (event: { data: string }) =>
        (JSON.parse(event.data) as { status: string }).status;
      await stream.next((event) => status(event) === 'pending');
      const paymentId = fake.paymentFor(purchaseId).id;
      fake.approve(paymentId);
      const notified = await notify(client(40), paymentId);
      expect(notified.status, notified.body).toBe(200);
      const paid = await stream.next((event) => status(event) === 'paid');
      expect(paid.event).toBe('payment');
    } finally {
      stream.close();
    }
    const me = await visitor.get('/api/me', student.cookie);
    expect(parsed(me, meResponseSchema).accountType).toBe('premium');

    // A second student's pending payment page stays open, idle, for the heartbeat check below.
    const waiting = await signedUp(client(4), 'Caio');
    const pending = await client(4).post(
      '/api/payments',
      { productId: 'mensal', productType: 'plan', payer: PAYER },
      waiting.cookie,
    );
    expect(pending.status, pending.body).toBe(201);
    idleStream = await openEventStream(
      `${proxy}/api/payments/${parsed(pending, createPaymentResponseSchema).purchaseId}/events`,
      { cookie: waiting.cookie },
    );
    idleSince = Date.now();
  });

  it('streams a tutor answer through the proxy as it is written', async () => {
    const { id: questionId, answer_letter: letter } = await firstQuestion();
    const visitor = client(2);
    const checked = await visitor.post(
      `/api/questions/${questionId}/check`,
      { letter },
      student.cookie,
    );
    expect(checked.status, checked.body).toBe(200);
    const chunks = Array.from({ length: 12 }, (_, index) => `parte ${index} da explicação. `);
    ai.script({ chunks, chunkDelayMs: 100, usage: { input: 500, output: 60 } });
    const arrivals: number[] = [];
    const result = await readStream(
      `${proxy}/api/questions/${questionId}/chat`,
      {
        method: 'POST',
        headers: { origin: APP_ORIGIN, cookie: student.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Explique a resposta' }),
      },
      (event) => {
        if (event.event === 'delta') arrivals.push(performance.now());
      },
    );
    expect(result.status).toBe(200);
    expect(result.events.at(-1)?.event).toBe('done');
    expect(arrivals.length).toBeGreaterThanOrEqual(6);
    // Written over about 1.1 s: a buffering proxy would deliver them all at the end, at once.
    const spread = arrivals.at(-1)! - arrivals[0]!;
    expect(spread).toBeGreaterThan(700);
    const halfway = arrivals[0]! + spread / 2;
    expect(arrivals.filter((at) => at < halfway).length).toBeGreaterThanOrEqual(3);
  });

  it('shows a catalogue change made on one instance on the other', async () => {
    const editor = await signedUp(client(5), 'Edu');
    await run(
      process.execPath,
      ['apps/server/dist/ops.js', 'admin:create', editor.email, '--role', 'editor'],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, DATABASE_URL: url, LOG_LEVEL: 'warn' },
      },
    );
    const { id: questionId } = await firstQuestion();
    const [a, b] = instances.map(direct) as [Client, Client];
    // Both instances have read it (and cached it) before the change.
    for (const instance of [a, b]) {
      const before = await instance.get(`/api/questions/${questionId}`);
      expect(parsed(before, questionDetailSchema).statementHtml).not.toContain(
        'Enunciado revisado na implantação',
      );
    }
    const editing = parsed(
      await a.get(`/api/admin/questions/${questionId}`, editor.cookie),
      questionEditingSchema,
    );
    const saved = await a.put(
      `/api/admin/questions/${questionId}`,
      {
        snapshot: { ...editing.snapshot, questao: '<p>Enunciado revisado na implantação.</p>' },
        baseVersion: editing.versions[0]?.version ?? 0,
      },
      editor.cookie,
    );
    expect(saved.status, saved.body).toBe(200);
    const deadline = Date.now() + 5_000;
    let seen = '';
    while (Date.now() < deadline) {
      seen = parsed(
        await b.get(`/api/questions/${questionId}`),
        questionDetailSchema,
      ).statementHtml;
      if (seen.includes('Enunciado revisado na implantação')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toContain('Enunciado revisado na implantação');
    for (let i = 0; i < 2; i += 1) {
      const through = await client(6).get(`/api/questions/${questionId}`);
      expect(parsed(through, questionDetailSchema).statementHtml).toContain(
        'Enunciado revisado na implantação',
      );
    }
  });

  it('limits each client address on its own, with the address nginx forwards', async () => {
    const tester = client(20);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await tester.post('/api/auth/password-reset', {
        email: `ninguem.${i}.${Date.now()}@exemplo.com.br`,
      });
      statuses.push(answer.status);
    }
    // Five unknown addresses per hour per client (docs/product-rules.md, "Rate limits"), counted
    // in the database whichever instance answered.
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const neighbour = await client(21).post('/api/auth/password-reset', {
      email: `ninguem.vizinho.${Date.now()}@exemplo.com.br`,
    });
    expect(neighbour.status).toBe(404);
  });

  it('sends a POST that a closing instance refused with 503 to the other instance', async () => {
    // An instance shutting down answers 503 before any handler runs; this one always does.
    const refused: string[] = [];
    const closing = http.createServer((request, response) => {
      refused.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
      response.end('{"error":{"code":"request/unavailable"}}');
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const port = (closing.address() as AddressInfo).port;
    const proxyPort = await freePort();
    const site = renderNginxConfig(
      fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'),
      {
        listen: `127.0.0.1:${proxyPort}`,
        upstreams: [`127.0.0.1:${port}`, `127.0.0.1:${instances[1].port}`],
      },
    );
    const second = await startNginx(path.join(dir, 'second'), site, proxyPort);
    try {
      const visitor = clientAt(second.url, '127.0.0.30');
      clients.push(visitor);
      const { rows } = await db.query<{ id: string; answer_letter: string }>(
        `select id, answer_letter from questions where status = 'regular' order by id desc limit 2`,
      );
      for (const row of rows) {
        const checked = await visitor.post(
          `/api/questions/${row.id}/check`,
          { letter: row.answer_letter },
          student.cookie,
        );
        expect(checked.status, checked.body).toBe(200);
        expect(parsed(checked, checkAnswerResponseSchema).correct).toBe(true);
      }
      // Round-robin sent one of them to the closing instance, which then rests for fail_timeout.
      expect(refused).toHaveLength(1);
      expect(rows.map((row) => `POST /api/questions/${row.id}/check`)).toContain(refused[0]);
    } finally {
      await second.stop();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
  });

  it('keeps an idle event stream open past its heartbeats', { timeout: 60_000 }, async () => {
    const site = renderNginxConfig(
      fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'),
      {
        listen: '80',
        upstreams: ['a:1', 'b:2'],
      },
    );
    const timeouts = [...site.matchAll(/proxy_read_timeout (\d+)s;/g)].map((m) => Number(m[1]));
    expect(timeouts.length).toBeGreaterThan(0);
    for (const seconds of timeouts) expect(seconds).toBeGreaterThan(HEARTBEAT_SECONDS * 2);

    const stream = idleStream!;
    const wait = Math.max(0, idleSince + (HEARTBEAT_SECONDS + 2) * 1000 - Date.now());
    await new Promise((resolve) => setTimeout(resolve, wait));
    // The payment page's re-read comes every heartbeat as a comment line.
    expect(stream.comments.length).toBeGreaterThan(0);
    // Still open: the stream has not ended.
    const ended = await Promise.race([
      stream.ended.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 100)),
    ]);
    expect(ended).toBe(false);
    stream.close();
  });

  async function firstQuestion() {
    const { rows } = await db.query<{ id: string; answer_letter: string }>(
      `select id, answer_letter from questions where status = 'regular' order by id limit 1`,
    );
    return rows[0]!;
  }

  it(
    'serves a rolling restart under load without a failed request or a lost answer',
    { timeout: 240_000 },
    async () => {
      const { rows: questionRows } = await db.query<{ id: string; answer_letter: string }>(
        `select id, answer_letter from questions where status = 'regular' order by id offset 1 limit 400`,
      );
      const letters = new Map(questionRows.map((row) => [row.id, row.answer_letter]));
      const queue = questionRows.map((row) => row.id);
      const buyer = await signedUp(client(7), 'Duda');
      const samples: LoadSample[] = [];
      const sent: string[] = [];
      let running = true;

      async function timed(
        what: string,
        expected: number[],
        call: () => Promise<{ status: number; body: string }>,
      ) {
        const start = performance.now();
        try {
          const answer = await call();
          const ok = expected.includes(answer.status);
          samples.push({
            what,
            start,
            end: performance.now(),
            ok,
            detail: ok ? undefined : `${answer.status} ${answer.body.slice(0, 200)}`,
          });
          return ok ? answer : undefined;
        } catch (error) {
          samples.push({ what, start, end: performance.now(), ok: false, detail: String(error) });
          return undefined;
        }
      }
      const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

      const reader = async (lastByte: number) => {
        const visitor = client(lastByte);
        for (let i = 0; running; i += 1) {
          const questionId = questionRows[i % questionRows.length]!.id;
          await timed('catalogue', [200], () =>
            i % 2 === 0 ? visitor.get('/api/exams') : visitor.get(`/api/questions/${questionId}`),
          );
          await pause();
        }
      };
      // Paced to last the whole restart; past the catalogue's end, answered questions again.
      const checker = async (lastByte: number) => {
        const visitor = client(lastByte);
        for (let again = 0; running; again += 1) {
          const fresh = queue.shift();
          const questionId = fresh ?? sent[again % Math.max(1, sent.length)];
          if (!questionId) break;
          const answer = await timed('check', [200], () =>
            visitor.post(
              `/api/questions/${questionId}/check`,
              { letter: letters.get(questionId) },
              student.cookie,
            ),
          );
          if (answer && fresh) sent.push(questionId);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      };

      const failTimeoutMs =
        1000 *
        Number(
          /fail_timeout=(\d+)s/.exec(
            fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'),
          )![1],
        );
      let restartStarted = 0;
      let restartEnded = 0;
      const phases: string[] = [];
      const stopped: Array<{ code: number | null; signal: string | null }> = [];
      const restarted = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        restartStarted = performance.now();
        for (const instance of instances) {
          const stopAt = performance.now();
          stopped.push(await instance.stop('SIGTERM'));
          const startAt = performance.now();
          await instance.start();
          phases.push(
            `${instance.name}: stopped in ${((startAt - stopAt) / 1000).toFixed(1)} s, ready in ${((performance.now() - startAt) / 1000).toFixed(1)} s`,
          );
          // nginx sends a failed instance nothing for fail_timeout: wait it out before stopping
          // the other (docs/deployment.md, "Behind nginx").
          await new Promise((resolve) => setTimeout(resolve, failTimeoutMs + 1_000));
        }
        restartEnded = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      })();

      // The payment: created while A stops, paid and confirmed while B stops.
      const payment = (async () => {
        const visitor = client(8);
        while (stopped.length < 1 && restartStarted === 0) await pause();
        const created = await timed('payment', [201], () =>
          visitor.post(
            '/api/payments',
            { productId: 'mensal', productType: 'plan', payer: PAYER },
            buyer.cookie,
          ),
        );
        if (!created) return undefined;
        const { purchaseId } = created.body
          ? (JSON.parse(created.body) as { purchaseId: string })
          : { purchaseId: '' };
        while (stopped.length < 1) await pause();
        const paymentId = fake.paymentFor(purchaseId).id;
        fake.approve(paymentId);
        await timed('webhook', [200], () => notify(visitor, paymentId));
        for (;;) {
          const state = await timed('payment', [200], () =>
            visitor.get(`/api/payments/${purchaseId}`, buyer.cookie),
          );
          if (!state || JSON.parse(state.body).status === 'paid' || !running) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return purchaseId;
      })();

      const loops = [
        reader(10),
        reader(11),
        reader(12),
        reader(13),
        checker(14),
        checker(15),
        checker(16),
      ];
      await restarted;
      running = false;
      await Promise.all(loops);
      const purchaseId = await payment;

      const figures = summarize(samples, restartStarted, restartEnded);
      console.log(
        `rolling restart behind nginx: ${figures.requests} requests (${figures.inWindow} during the ${(figures.windowMs / 1000).toFixed(1)} s restart), ` +
          `${figures.failed} failed, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms during the restart; ` +
          `${sent.length} answers checked; ${phases.join('; ')}`,
      );
      // What nginx met and sent to the other instance (each attempt is a line of its log).
      const log = nginx.errors();
      const count = (pattern: RegExp) => log.match(pattern)?.length ?? 0;
      console.log(
        `nginx passed on: ${count(/Connection refused\) while connecting/g)} refused connections, ` +
          `${count(/(prematurely closed connection|reset by peer\)) while reading response header/g)} connections closed before an answer, ` +
          `${count(/temporarily disabled while reading response header/g)} instances marked failed on an answer (503 while shutting down, or a closed connection)`,
      );
      const closedEarly = log
        .split('\n')
        .filter((line) => / while reading response header from upstream/.test(line))
        .map((line) => `${/\[(\w+)\]/.exec(line)?.[1]} ${/request: "([^"]*)"/.exec(line)?.[1]}`);
      if (closedEarly.length > 0) console.log(`resent after: ${closedEarly.join('; ')}`);
      const failures = samples.filter((sample) => !sample.ok);
      if (failures.length > 0) console.log(`nginx error log:\n${nginx.errors().slice(-8000)}`);
      expect(failures.map((sample) => `${sample.what}: ${sample.detail}`)).toEqual([]);
      expect(stopped).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);
      expect(sent.length).toBeGreaterThan(20);

      // Every answer the student sent is in their history, with the letter sent.
      const { rows: history } = await db.query<{ question_id: string; chosen_letter: string }>(
        `select question_id, chosen_letter from question_history where user_id = $1 and response is not null`,
        [await userId(student.email)],
      );
      const recorded = new Map(history.map((row) => [row.question_id, row.chosen_letter]));
      expect(
        sent.filter((questionId) => recorded.get(questionId) !== letters.get(questionId)),
      ).toEqual([]);

      // The payment granted Premium once.
      expect(purchaseId).toBeDefined();
      const { rows: purchases } = await db.query<{ status: string; granted_at: Date | null }>(
        `select status, granted_at from purchases where user_id = $1`,
        [await userId(buyer.email)],
      );
      expect(purchases).toHaveLength(1);
      expect(purchases[0]).toMatchObject({ status: 'paid' });
      expect(purchases[0]!.granted_at).not.toBeNull();
      const me = await client(8).get('/api/me', buyer.cookie);
      expect(parsed(me, meResponseSchema)).toMatchObject({
        accountType: 'premium',
        plan: { daysRemaining: 30 },
      });
      expect(nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\].*no live upstreams/);
    },
  );
});
