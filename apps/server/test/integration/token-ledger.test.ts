import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloDay } from '@/lib/clock';
import { tokenDailyQuota, tokenReservations, tokenUsage, tokenWallets } from '@/db/schema';
import { createTokenLedger } from '@/modules/tokens/token-ledger.service';
import { createTokensService } from '@/modules/tokens/tokens.service';
import { send } from '../helpers/accounts';
import { aiConfig, aiStudent, askTutor, tokensOf } from '../helpers/ai';
import { type FakeProvider, startFakeOpenAi } from '../helpers/fake-ai-providers';
import { eventOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const QUESTION = 'alfa_2017_prova_1';
const chatUrl = `/api/questions/${QUESTION}/chat`;
const CALLS = 200;

describe('the token ledger under 200 concurrent calls', () => {
  let provider: FakeProvider;
  let testApp: TestApp;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    testApp = await createTestApp({
      starting: 'mini',
      config: { ai: aiConfig({ provider: 'openai-compatible', baseUrl: provider.url }) },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.stop();
  });
  const app = () => testApp.app;
  const db = () => testApp.database.db;

  /** Every chat reply: 10 pieces, with usage the provider reports (varied per call). */
  function scriptProvider() {
    provider.script((_request, index) => ({
      chunks: Array.from({ length: 10 }, (_, piece) => `trecho ${piece} `),
      usage: { input: 380 + (index % 7) * 5, output: 12 + (index % 5) },
    }));
  }

  async function fire(cookie: string) {
    const before = provider.requests.length;
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, index) =>
        askTutor(app(), chatUrl, { message: `Pergunta ${index}` }, cookie),
      ),
    );
    await provider.settled();
    const statuses = results.map((result) => result.response.statusCode);
    const refused = results.filter((result) => result.response.statusCode === 402);
    for (const result of refused) expect(result.response.json().error.code).toBe('limit/ai');
    const answered = results.filter((result) => result.response.statusCode === 200);
    const charged = answered.map((result) => eventOf(result.events, 'done').charged!);
    const calls = provider.requests.slice(before);
    // What the provider reported, call by call.
    const reported = calls.reduce(
      (sum, request) => {
        const usage = request.script.usage as { input: number; output: number };
        return { input: sum.input + usage.input, output: sum.output + usage.output };
      },
      { input: 0, output: 0 },
    );
    return { statuses, answered, refused, charged, reported, providerCalls: calls.length };
  }

  /** What the provider reported for each call it answered, as our settlement saw it. */
  async function settledUsage(userId: string) {
    const rows = await db()
      .select()
      .from(tokenReservations)
      .where(eq(tokenReservations.userId, userId));
    return rows;
  }

  it(
    'never overspends a small package and charges exactly what the provider reported',
    { timeout: 240_000 },
    async () => {
      scriptProvider();
      const student = await aiStudent(app(), testApp.database, { checked: [QUESTION] });
      const start = { input: 20_000, output: 6_000 };
      await db().insert(tokenWallets).values({
        userId: student.user.id,
        packageInput: start.input,
        packageOutput: start.output,
      });

      const { statuses, answered, refused, charged, reported, providerCalls } = await fire(
        student.cookie,
      );
      expect(statuses.every((status) => status === 200 || status === 402)).toBe(true);
      expect(answered.length + refused.length).toBe(CALLS);
      expect(answered.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      // Every answered call reached the provider once; no refused call did.
      expect(providerCalls).toBe(answered.length);

      const reservations = await settledUsage(student.user.id);
      expect(reservations).toHaveLength(answered.length);
      expect(reservations.every((row) => row.outcome === 'completed')).toBe(true);
      const totalCharged = charged.reduce(
        (sum, pair) => ({ input: sum.input + pair.input, output: sum.output + pair.output }),
        { input: 0, output: 0 },
      );
      const totalUsed = reservations.reduce(
        (sum, row) => ({ input: sum.input + row.usedInput!, output: sum.output + row.usedOutput! }),
        { input: 0, output: 0 },
      );
      // The sum charged is the sum the provider reported...
      expect(totalCharged).toEqual(reported);
      expect(totalUsed).toEqual(reported);
      for (const row of reservations) {
        expect(row.usedInput).toBeGreaterThanOrEqual(380);
        expect({ input: row.chargedInput, output: row.chargedOutput }).toEqual({
          input: row.usedInput,
          output: row.usedOutput,
        });
      }
      // ...and the balance moved by exactly that, never below zero, with nothing left set aside.
      const [wallet] = await db()
        .select()
        .from(tokenWallets)
        .where(eq(tokenWallets.userId, student.user.id));
      expect(wallet).toMatchObject({
        packageInput: start.input - totalCharged.input,
        packageOutput: start.output - totalCharged.output,
        reservedInput: 0,
        reservedOutput: 0,
      });
      expect(wallet!.packageInput).toBeGreaterThanOrEqual(0);
      // Overspend at most one call's reservation (here none: every call's usage fit its reservation).
      const largestReservation = Math.max(
        ...reservations.map((row) => row.packageInput + row.dailyInput),
      );
      expect(totalCharged.input).toBeLessThanOrEqual(start.input + largestReservation);
      expect(totalCharged.input).toBeLessThanOrEqual(start.input);
      const [usage] = await db()
        .select()
        .from(tokenUsage)
        .where(eq(tokenUsage.userId, student.user.id));
      expect(usage).toMatchObject({
        feature: 'chat',
        calls: answered.length,
        inputTokens: totalCharged.input,
        outputTokens: totalCharged.output,
      });
      console.info(
        `[ledger] package ${start.input}/${start.output}: ${answered.length} answered, ${refused.length} refused (402), ` +
          `charged ${totalCharged.input}/${totalCharged.output}, left ${wallet!.packageInput}/${wallet!.packageOutput}`,
      );
    },
  );

  it(
    'draws on the package first, then on the day, exactly, for a Premium user',
    { timeout: 240_000 },
    async () => {
      scriptProvider();
      const student = await aiStudent(app(), testApp.database, {
        premium: true,
        checked: [QUESTION],
      });
      const day = saoPauloDay();
      await db()
        .insert(tokenWallets)
        .values({ userId: student.user.id, packageInput: 1_500, packageOutput: 300 });
      await db()
        .insert(tokenDailyQuota)
        .values({ userId: student.user.id, day, inputUsed: 76_000, outputUsed: 39_000 });

      const { answered, refused, charged, reported } = await fire(student.cookie);
      expect(answered.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      const total = charged.reduce(
        (sum, pair) => ({ input: sum.input + pair.input, output: sum.output + pair.output }),
        { input: 0, output: 0 },
      );
      expect(total).toEqual(reported);
      const [wallet] = await db()
        .select()
        .from(tokenWallets)
        .where(eq(tokenWallets.userId, student.user.id));
      const [quota] = await db()
        .select()
        .from(tokenDailyQuota)
        .where(eq(tokenDailyQuota.userId, student.user.id));
      const fromPackage = {
        input: 1_500 - wallet!.packageInput,
        output: 300 - wallet!.packageOutput,
      };
      const fromDay = { input: quota!.inputUsed - 76_000, output: quota!.outputUsed - 39_000 };
      expect({
        input: fromPackage.input + fromDay.input,
        output: fromPackage.output + fromDay.output,
      }).toEqual(total);
      expect(quota).toMatchObject({ inputReserved: 0, outputReserved: 0 });
      expect(quota!.inputUsed).toBeLessThanOrEqual(80_000);
      expect(quota!.outputUsed).toBeLessThanOrEqual(40_000);
      // Reservations take the package first: it paid its share.
      expect(fromPackage.input).toBeGreaterThan(0);
      expect(wallet).toMatchObject({ reservedInput: 0, reservedOutput: 0 });
      const balance = await tokensOf(app(), student.cookie);
      expect(balance.package).toEqual(
        wallet!.packageInput > 0 && wallet!.packageOutput > 0
          ? { input: wallet!.packageInput, output: wallet!.packageOutput }
          : null,
      );
      expect(balance.daily!.remaining).toEqual({
        input: Math.max(0, 80_000 - quota!.inputUsed),
        output: Math.max(0, 40_000 - quota!.outputUsed),
      });
    },
  );
});

describe('reservations and balances', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const ledger = () => createTokenLedger(db(), { inputPerMillion: 0.75, outputPerMillion: 3.75 });

  it('gives back what a dead server reserved: on the next call, and by housekeeping', async () => {
    const student = await aiStudent(app(), testApp.database, { packages: 1, checked: [QUESTION] });
    const other = await aiStudent(app(), testApp.database, { packages: 1 });
    // Two calls whose server died before settling.
    for (const userId of [student.user.id, other.user.id]) {
      await ledger().reserve({
        userId,
        premium: false,
        feature: 'chat',
        inputTokens: 79_900,
        maxOutputTokens: 1024,
        minOutputTokens: 256,
      });
    }
    expect((await tokensOf(app(), student.cookie)).package).toEqual({
      input: 100,
      output: 38_976,
    });
    const refused = await send(
      app(),
      'POST',
      `/api/questions/${QUESTION}/feedback`,
      {},
      student.cookie,
    );
    expect(refused.statusCode).toBe(402);

    await db()
      .update(tokenReservations)
      .set({ expiresAt: sql`now() - interval '1 minute'` });
    const { events } = await askTutor(
      app(),
      `/api/questions/${QUESTION}/feedback`,
      {},
      student.cookie,
    );
    expect(eventOf(events, 'meta').source).toBe('generated');
    expect(await ledger().releaseExpired()).toBe(1);
    expect((await tokensOf(app(), other.cookie)).package).toEqual({
      input: 80_000,
      output: 40_000,
    });
    const outcomes = (await db().select().from(tokenReservations)).map((row) => row.outcome).sort();
    expect(outcomes).toEqual(['completed', 'expired', 'expired']);
  });

  it('gives back at start-up what calls of a dead process of this machine held, and only those', async () => {
    const dead = await aiStudent(app(), testApp.database, { packages: 1 });
    const alive = await aiStudent(app(), testApp.database, { packages: 1 });
    for (const userId of [dead.user.id, alive.user.id]) {
      await ledger().reserve({
        userId,
        premium: false,
        feature: 'chat',
        inputTokens: 50_000,
        maxOutputTokens: 1024,
        minOutputTokens: 256,
      });
    }
    // The first reservation's server was killed mid-call: its pid no longer runs.
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await db()
      .update(tokenReservations)
      .set({ process: { hostname: os.hostname(), pid: Number(exited.stdout.toString()) } })
      .where(eq(tokenReservations.userId, dead.user.id));

    expect(await ledger().releaseOfEndedProcesses()).toBe(1);
    expect((await tokensOf(app(), dead.cookie)).package).toEqual({ input: 80_000, output: 40_000 });
    // The running process's call keeps its reservation.
    expect((await tokensOf(app(), alive.cookie)).package).toEqual({
      input: 30_000,
      output: 38_976,
    });
  });

  it('settles a reservation once, charges beyond it only what is left, and prices in micro-dollars', async () => {
    const student = await aiStudent(app(), testApp.database, { packages: 1 });
    const reservation = await ledger().reserve({
      userId: student.user.id,
      premium: false,
      feature: 'feedback',
      inputTokens: 1_000,
      maxOutputTokens: 2_048,
      minOutputTokens: 2_048,
    });
    expect(
      await ledger().settle(reservation.id, { input: 1_200, output: 100 }, 'completed'),
    ).toEqual({
      input: 1_200,
      output: 100,
    });
    expect(await ledger().settle(reservation.id, { input: 5, output: 5 }, 'completed')).toBeNull();
    const summary = await tokensOf(app(), student.cookie);
    expect(summary.package).toEqual({ input: 78_800, output: 39_900 });
    expect(summary.usage.today).toMatchObject({
      inputTokens: 1_200,
      outputTokens: 100,
      inputCostMicroUsd: 900,
      outputCostMicroUsd: 375,
    });
  });

  it('keeps the billing calls working around reservations', async () => {
    const student = await aiStudent(app(), testApp.database, { packages: 1 });
    const tokens = createTokensService(db());
    const reservation = await ledger().reserve({
      userId: student.user.id,
      premium: false,
      feature: 'chat',
      inputTokens: 500,
      maxOutputTokens: 1024,
      minOutputTokens: 256,
    });
    const purchaseId = randomUUID();
    await tokens.grantPackage(student.user.id, purchaseId);
    expect(await tokens.packageBalance(student.user.id)).toEqual({
      input: 160_000,
      output: 80_000,
    });
    await ledger().settle(reservation.id, { input: 400, output: 300 }, 'completed');
    // The older package paid for the call: the refunded one goes back whole.
    await tokens.revokePackage(student.user.id, purchaseId);
    expect(await tokens.packageBalance(student.user.id)).toEqual({ input: 79_600, output: 39_700 });
  });

  it('shows the day only while the plan is valid, the package only when there is one, and the monthly history', async () => {
    const free = await aiStudent(app(), testApp.database);
    expect(await tokensOf(app(), free.cookie)).toEqual({
      canUseAi: false,
      daily: null,
      package: null,
      usage: {
        today: {
          day: saoPauloDay(),
          inputTokens: 0,
          outputTokens: 0,
          inputCostMicroUsd: 0,
          outputCostMicroUsd: 0,
        },
        currentMonth: {
          month: saoPauloDay().slice(0, 7),
          inputTokens: 0,
          outputTokens: 0,
          inputCostMicroUsd: 0,
          outputCostMicroUsd: 0,
        },
        monthlyHistory: [],
        lifetime: { inputTokens: 0, outputTokens: 0, inputCostMicroUsd: 0, outputCostMicroUsd: 0 },
      },
    });

    const premium = await aiStudent(app(), testApp.database, { premium: true });
    const rows = [
      {
        day: '2026-09-03',
        feature: 'feedback' as const,
        inputTokens: 100,
        outputTokens: 10,
        inputCostMicroUsd: 75,
        outputCostMicroUsd: 38,
      },
      {
        day: '2026-09-20',
        feature: 'chat' as const,
        inputTokens: 200,
        outputTokens: 20,
        inputCostMicroUsd: 150,
        outputCostMicroUsd: 75,
      },
      {
        day: '2026-10-01',
        feature: 'didactic' as const,
        inputTokens: 300,
        outputTokens: 30,
        inputCostMicroUsd: 225,
        outputCostMicroUsd: 113,
      },
    ];
    await db()
      .insert(tokenUsage)
      .values(rows.map((row) => ({ ...row, userId: premium.user.id, calls: 1 })));
    const summary = await tokensOf(app(), premium.cookie);
    expect(summary.canUseAi).toBe(true);
    expect(summary.daily).toMatchObject({
      quota: { input: 80_000, output: 40_000 },
      remaining: { input: 80_000, output: 40_000 },
    });
    expect(summary.package).toBeNull();
    expect(summary.usage.monthlyHistory.map((month) => month.month)).toEqual([
      '2026-10',
      '2026-09',
    ]);
    expect(summary.usage.monthlyHistory[1]).toEqual({
      month: '2026-09',
      inputTokens: 300,
      outputTokens: 30,
      inputCostMicroUsd: 225,
      outputCostMicroUsd: 113,
    });
    expect(summary.usage.lifetime).toEqual({
      inputTokens: 600,
      outputTokens: 60,
      inputCostMicroUsd: 450,
      outputCostMicroUsd: 226,
    });
  });
});
