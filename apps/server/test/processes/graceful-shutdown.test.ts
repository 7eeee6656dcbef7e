import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentResponseSchema, tokensResponseSchema } from '@gabarita/shared';
import { readLock } from '@/db/data-dir-lock';
import { serverRoot } from '@/paths';
import { parsedFetch } from '../helpers/contract';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { PAYER } from '../helpers/payments';
import { parseResponse, slowRequest } from '../helpers/raw-http';
import {
  call,
  PROCESS_APP_URL as APP_URL,
  signedInStudent,
} from '../helpers/server-process-client';
import { waitFor } from '../helpers/wait-for';

/**
 * A real server stopped with SIGTERM (docs/deployment.md, "Stopping and restarting"): it refuses
 * new connections at once and answers 503 on open ones, ends the payment stream asking the browser
 * to reconnect, lets a tutor answer finish within SHUTDOWN_GRACE_MS (or ends it with the
 * interruption error, free, when it takes longer), exits, and leaves its DATA_DIR to the next one.
 */
const repoRoot = path.resolve(serverRoot, '../..');
const GRACE_MS = 3_000;

interface ReceivedEvent {
  event: string;
  data: unknown;
  retry?: number;
  /** Milliseconds since the epoch. */
  at: number;
}

/** A text/event-stream response read as it arrives, as a browser would. */
function follow(response: Response) {
  const events: ReceivedEvent[] = [];
  const ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended' as const;
        buffer += value;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: Partial<ReceivedEvent> = { event: 'message', at: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
            else if (line.startsWith('retry: ')) event.retry = Number(line.slice(7));
          }
          if (event.data !== undefined) events.push(event as ReceivedEvent);
        }
      }
    } catch {
      return 'cut' as const;
    }
  })();
  const next = (name: string) =>
    waitFor(
      () => events.find((event) => event.event === name),
      () => `a '${name}' event (received: ${JSON.stringify(events).slice(0, 500)})`,
      30_000,
    );
  return { events, ended, next };
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('a server stopped with SIGTERM', () => {
  let provider: FakeProvider;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    provider = await startFakeOpenAi();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-stop-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await provider.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        APP_URL,
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: provider.url,
        AI_MODEL: 'modelo-local',
      },
    });
    children.push(child);
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const port = await waitFor(
      () => {
        const lock = readLock(dataDir);
        return lock?.pid === child.pid && lock?.port ? lock.port : undefined;
      },
      () => `the server to listen (its output so far: ${output || 'none'})`,
    );
    const base = `http://127.0.0.1:${port}`;
    return { child, port, base, exited, output: () => output };
  }

  /** Sign-up, the e-mailed link from the development outbox, sign-in; Premium from an operator. */
  async function premiumStudent(base: string) {
    const { email, cookie } = await signedInStudent(base, 'parada');
    const granted = await fetch(`${base}/api/internal/operator/user:grant-premium`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${readLock(dataDir)!.operatorToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ args: [email, '30'] }),
    });
    expect(granted.status).toBe(200);
    return cookie;
  }

  function askStudyText(base: string, assunto: string, cookie: string) {
    return fetch(`${base}/api/didactic-content`, {
      method: 'POST',
      headers: {
        origin: APP_URL,
        cookie,
        accept: 'text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ disciplina: 'matematica', assunto }),
    });
  }

  const tokensOf = async (base: string, cookie: string) =>
    await parsedFetch(
      await call(base, 'GET', '/api/me/tokens', undefined, cookie),
      tokensResponseSchema,
    );

  let second: Awaited<ReturnType<typeof start>> | undefined;
  let cookie = '';

  it('ends the news streams, finishes the answer being written, exits and frees its DATA_DIR', async () => {
    const first = await start();
    cookie = await premiumStudent(first.base);

    const created = await call(
      first.base,
      'POST',
      '/api/payments',
      { productId: 'mensal', productType: 'plan', payer: PAYER },
      cookie,
    );
    expect(created.status).toBe(201);
    const { purchaseId } = await parsedFetch(created, createPaymentResponseSchema);
    const payment = follow(
      await call(first.base, 'GET', `/api/payments/${purchaseId}/events`, undefined, cookie),
    );
    await payment.next('payment');

    // About two seconds of writing: within the grace period.
    const chunks = Array.from({ length: 10 }, (_, index) => `Parte ${index + 1} do texto. `);
    provider.script({ chunks, firstChunkDelayMs: 100, chunkDelayMs: 200 });
    const answer = await askStudyText(first.base, 'Estatística', cookie);
    expect(answer.status).toBe(200);
    const tutor = follow(answer);
    await tutor.next('delta');

    // A connection opened before the stop, its request not finished yet (so it is not idle).
    const open = net.connect(first.port, '127.0.0.1');
    await new Promise((resolve) => open.once('connect', resolve));
    open.write(`GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${first.port}\r\n`);
    const openAnswer = new Promise<string>((resolve) => {
      let text = '';
      open.on('data', (chunk: Buffer) => (text += chunk.toString()));
      open.on('close', () => resolve(text));
      open.on('error', () => undefined);
    });

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');

    await waitFor(
      async () => ((await refused(first.port)) ? true : undefined),
      'new connections to be refused',
      2_000,
    );
    open.end('\r\n');
    const readiness = parseResponse(await openAnswer);
    expect(readiness?.status).toBe(503);
    expect(readiness?.head.toLowerCase()).toContain('connection: close');

    const reconnect = await payment.next('reconnect');
    expect(reconnect.retry).toBe(1000);
    expect(reconnect.at - stoppedAt).toBeLessThan(1_000);
    expect(await payment.ended).toBe('ended');

    expect(await tutor.ended).toBe('ended');
    const done = tutor.events.at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data as { content: string }).content).toBe(chunks.join(''));

    const exit = await first.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - stoppedAt).toBeLessThan(GRACE_MS);
    expect(first.output()).toContain('encerrado');
    expect(readLock(dataDir)).toBeNull();

    // The next server opens the same DATA_DIR.
    second = await start();
    expect((await call(second.base, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('ends what outlives the grace period (an answer with the interruption error, free), names it and still exits', async () => {
    expect(second).toBeDefined();
    const server = second!;
    const before = await tokensOf(server.base, cookie);

    const chunks = Array.from({ length: 40 }, (_, index) => `Trecho ${index + 1}. `);
    provider.script({ chunks, firstChunkDelayMs: 100, chunkDelayMs: 300 });
    const answer = await askStudyText(server.base, 'Funções', cookie);
    expect(answer.status).toBe(200);
    const tutor = follow(answer);
    await tutor.next('delta');
    // An ordinary request still running when the time is up: its body never ends.
    const slow = slowRequest(
      server.base,
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_URL}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ' ',
      200,
    );

    // Only a request the server has read the head of is running: before that, its connection is
    // idle, and closing the server closes it at once (Node 24).
    await waitFor(
      () => (server.output().includes('"url":"/api/auth/login"') ? true : undefined),
      'the slow request to reach the server',
      10_000,
    );
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');

    const interrupted = await tutor.next('error');
    expect(interrupted.data).toEqual({
      code: 'ai/interrupted',
      message:
        'A resposta foi interrompida porque o servidor está reiniciando. Nada foi cobrado: tente novamente em alguns segundos.',
    });
    expect(interrupted.at - stoppedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(interrupted.at - stoppedAt).toBeLessThan(GRACE_MS + 1_500);
    expect(await tutor.ended).toBe('ended');
    expect(tutor.events.some((event) => event.event === 'done')).toBe(false);

    const cut = await slow;
    expect(cut.response).toBeNull();
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - stoppedAt).toBeLessThan(GRACE_MS + 3_000);
    expect(readLock(dataDir)).toBeNull();
    const warning = server
      .output()
      .split('\n')
      .find((line) => line.includes('prazo de encerramento esgotado'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ running: ['POST /api/auth/login'] });

    // The interrupted answer cost nothing: the balance is what it was before it.
    const third = await start();
    expect(await tokensOf(third.base, cookie)).toEqual(before);
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  });
});
