import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentResponseSchema,
  meResponseSchema,
  paymentResponseSchema,
  purchaseHistorySchema,
} from '@gabarita/shared';
import { readLock } from '@/db/data-dir-lock';
import { serverRoot } from '@/paths';
import { parsedFetch } from '../helpers/contract';
import { type FakeMercadoPago, startFakeMercadoPago } from '../helpers/fake-mercado-pago';
import { PAYER } from '../helpers/payments';
import {
  call,
  PROCESS_APP_URL as APP_URL,
  signedInStudent,
} from '../helpers/server-process-client';
import { waitFor } from '../helpers/wait-for';

/**
 * A real server killed with SIGKILL after the provider approved a payment and while the server was
 * confirming it: nothing was granted yet. After a restart, the reconciler finds the approval at
 * the provider and grants it, once, however many notifications come after.
 */
const repoRoot = path.resolve(serverRoot, '../..');
const DAY_MS = 86_400_000;

describe('a server killed between the approval and the grant', () => {
  let fake: FakeMercadoPago;
  let dataDir: string;
  let server: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-pay-'));
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<string> {
    const previousPort = readLock(dataDir)?.port;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        APP_URL,
        PIX_PROVIDER: 'mercadopago',
        MP_API_URL: fake.url,
        MP_ACCESS_TOKEN: fake.accessToken,
        MP_WEBHOOK_SECRET: fake.webhookSecret,
        MP_TIMEOUT_MS: '2000',
        PIX_RECONCILE_SECONDS: '0.5',
      },
    });
    // Logs go to standard output, failures to start to standard error.
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await waitFor(
      () => {
        const lock = readLock(dataDir);
        if (!lock || lock.pid !== server!.pid || !lock.port || lock.port === previousPort)
          return undefined;
        return lock.port;
      },
      () => `the server to listen (its output so far: ${output || 'none'})`,
      90_000,
    );
    return `http://127.0.0.1:${port}`;
  }

  function stopped(child: ChildProcess) {
    return new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.on('exit', () => resolve());
    });
  }

  function deliver(base: string, paymentId: number) {
    const notification = fake.notification(paymentId);
    return fetch(`${base}${notification.url}`, {
      method: 'POST',
      headers: notification.headers,
      body: JSON.stringify(notification.payload),
    });
  }

  // Two server starts on a shared machine: generous.
  it('grants exactly once after the restart', { timeout: 240_000 }, async () => {
    let base = await start();
    const { cookie } = await signedInStudent(base, 'kill9');
    const created = await call(
      base,
      'POST',
      '/api/payments',
      { productId: 'mensal', productType: 'plan', payer: PAYER },
      cookie,
    );
    expect(created.status).toBe(201);
    const { purchaseId } = await parsedFetch(created, createPaymentResponseSchema);
    const paymentId = fake.paymentFor(purchaseId).id;

    // The payer pays; the provider notifies; our server asks the provider, which does not answer yet.
    fake.hangNext(1000, 'GET');
    fake.approve(paymentId);
    const asked = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${paymentId}`)
        .length;
    const askedBefore = asked();
    void deliver(base, paymentId).catch(() => undefined);
    await waitFor(
      () => (asked() > askedBefore ? true : undefined),
      'the server to ask the provider',
    );

    const killed = server!;
    killed.kill('SIGKILL');
    await stopped(killed);
    fake.releaseHung();

    base = await start();
    const status = async () =>
      await parsedFetch(
        await call(base, 'GET', `/api/payments/${purchaseId}`, undefined, cookie),
        paymentResponseSchema,
      );
    await waitFor(
      async () => ((await status()).status === 'paid' ? true : undefined),
      'the reconciler to grant',
    );

    // Late and repeated notifications, and more reconciler rounds, change nothing.
    for (let i = 0; i < 3; i += 1) expect((await deliver(base, paymentId)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const me = await parsedFetch(
      await call(base, 'GET', '/api/me', undefined, cookie),
      meResponseSchema,
    );
    expect(me.accountType).toBe('premium');
    expect(me.plan.daysRemaining).toBe(30);
    expect(Date.parse(me.plan.endsAt!) - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    const history = await parsedFetch(
      await call(base, 'GET', '/api/me/purchases', undefined, cookie),
      purchaseHistorySchema,
    );
    expect(history.plans).toHaveLength(1);

    // The operator's view, through the running server.
    const list = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'payments:list', '--', '--status', 'paid'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
        },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stdout }));
    });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('1 compra, das mais recentes');
    expect(list.stdout).toContain(`${purchaseId}  `);
    expect(list.stdout).toContain(`Plano Mensal, R$ 34,90, pago; pago em`);
    expect(list.stdout).toContain(`mercadopago ${paymentId} [approved]`);

    const running = server!;
    running.kill('SIGTERM');
    await stopped(running);
    expect(running.exitCode).toBe(0);
    expect(output).not.toMatch(/falha na reconciliação/);
  });
});
