/**
 * npm run bench:payments — how long after a payment notification reaches one server instance the
 * payment page, connected to another instance, hears that it was paid. Two instances listen on
 * loopback; a browser-like client holds GET /api/payments/:id/events (Server-Sent Events) on the
 * second; the signed notification is POSTed over HTTP to the first, which confirms the charge at
 * the (sandbox) provider, grants, and NOTIFYs. On PGlite and, when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, on PostgreSQL. Budget: p95 <= 1 s. Numbers go to docs/performance.md.
 */
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { sandboxCharges } from '../src/db/schema';
import { hashToken, randomToken } from '../src/lib/tokens';
import { insertSession, insertUser } from '../src/modules/auth/auth.repo';
import pino from 'pino';
import type { UserRow } from '../src/db/schema';
import { createBillingService } from '../src/modules/billing/billing.service';
import { createSandboxProvider } from '../src/modules/billing/pix/sandbox-provider';
import { openEventStream } from '../test/helpers/event-stream';
import { benchApp, benchDatabases } from './harness';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100);
const BURST = Number(process.env.BENCH_BURST ?? 20);
// Each account may generate 20 codes an hour: a fresh one every 15 purchases.
const PURCHASES_PER_ACCOUNT = 15;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(name: string, timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const cells = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1));
  return `| ${name} | ${sorted.length} | ${cells.join(' | ')} | ${sorted.at(-1)!.toFixed(1)} |`;
}

console.log(
  `# Payment confirmation benchmark (${os.cpus().length} cores, Node ${process.version})`,
);

for await (const { label, database, openAnother } of benchDatabases()) {
  await database.migrate();
  const other = await openAnother();
  const receiving = await benchApp(database);
  const serving = await benchApp(other);
  const webhookBase = await receiving.listen({ port: 0, host: '127.0.0.1' });
  const pageBase = await serving.listen({ port: 0, host: '127.0.0.1' });
  const sandbox = createSandboxProvider(database.db);
  // Purchases are created by the service (the same code POST /api/payments runs): what is timed
  // starts later, and loopback requests would share one address's rate limit.
  const billing = createBillingService({
    database,
    provider: sandbox,
    log: pino({ level: 'silent' }),
    reconcileIntervalMs: 60_000,
    providerCallMs: 1000,
  });

  let account: { user: UserRow; cookie: string; used: number } | undefined;
  async function nextBuyer() {
    if (!account || account.used >= PURCHASES_PER_ACCOUNT) {
      const user = await insertUser(database.db, {
        provider: 'password',
        email: `bench.${Date.now()}.${Math.random()}@exemplo.com`,
        name: 'Bench',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      });
      const token = randomToken();
      await insertSession(database.db, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      account = { user, cookie: `gabarita_session=${token}`, used: 0 };
    }
    account.used += 1;
    return account;
  }

  /** A pending purchase, its page's stream open on the other instance, the payer having paid. */
  async function paidAtTheProvider() {
    const { user, cookie } = await nextBuyer();
    const { purchaseId } = await billing.createPayment(
      user,
      {
        productId: 'mensal',
        productType: 'plan',
        payer: { firstName: 'Ana', lastName: 'Souza', cpf: '52998224725' },
      },
      `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    );
    const stream = await openEventStream(`${pageBase}/api/payments/${purchaseId}/events`, {
      cookie,
    });
    await stream.next((event) => event.event === 'payment');
    const [charge] = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalReference, purchaseId));
    await sandbox.approve(charge!.id);
    return { stream, notification: sandbox.notificationFor(charge!.id) };
  }

  /** Posts the notification to the first instance; resolves with the ms until the page heard. */
  async function confirm({ stream, notification }: Awaited<ReturnType<typeof paidAtTheProvider>>) {
    const sent = performance.now();
    const response = await fetch(`${webhookBase}${notification.url}`, {
      method: 'POST',
      headers: notification.headers,
      body: JSON.stringify(notification.body),
    });
    if (response.status !== 200) throw new Error(`webhook: ${response.status}`);
    const answered = performance.now() - sent;
    const paid = await stream.next((event) => JSON.parse(event.data).status === 'paid');
    await stream.ended;
    return { heard: paid.receivedAt - sent, answered };
  }

  for (let i = 0; i < 5; i += 1) await confirm(await paidAtTheProvider()); // warm-up

  const oneAtATime = [];
  for (let i = 0; i < PAYMENTS; i += 1) oneAtATime.push(await confirm(await paidAtTheProvider()));

  const bursts = [];
  for (let round = 0; round < Math.max(1, Math.round(PAYMENTS / BURST)); round += 1) {
    const ready = [];
    for (let i = 0; i < BURST; i += 1) ready.push(await paidAtTheProvider());
    bursts.push(...(await Promise.all(ready.map(confirm))));
  }

  console.log(`\n## ${label}\n`);
  console.log(
    '| measure | payments | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |\n|---|---|---|---|---|---|',
  );
  console.log(
    summary(
      'notification sent -> page hears "paid" (one at a time)',
      oneAtATime.map((t) => t.heard),
    ),
  );
  console.log(
    summary(
      'webhook answered (one at a time)',
      oneAtATime.map((t) => t.answered),
    ),
  );
  console.log(
    summary(
      `notification sent -> page hears "paid" (${BURST} at once)`,
      bursts.map((t) => t.heard),
    ),
  );
  console.log(
    summary(
      `webhook answered (${BURST} at once)`,
      bursts.map((t) => t.answered),
    ),
  );

  await serving.close();
  await receiving.close();
  await other.close();
  await database.close();
}
