import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_METRICS_MESSAGES, businessMetricsSchema } from '@gabarita/shared';
import { entitlements, operatorAiUsage, purchases, tokenUsage, users } from '@/db/schema';
import { addDays, saoPauloDay } from '@/lib/clock';
import { createPasswordUser, get, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The operations console's numbers (docs/product-rules.md, "Operations console", "Numbers"). */
describe('operations metrics', () => {
  let t: TestApp;
  let admin: string;
  let support: string;

  const at = (local: string) => new Date(`${local}-03:00`);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = (await signedInStudent(t.app, t.database, { role: 'admin' })).cookie;
    support = (await signedInStudent(t.app, t.database, { role: 'support' })).cookie;
    // Premium today, besides the seeded accounts below.
    await signedInStudent(t.app, t.database, { premium: true });

    const account = async (createdAt: string) => {
      const { user } = await createPasswordUser(db);
      await db
        .update(users)
        .set({ createdAt: at(createdAt) })
        .where(eq(users.id, user.id));
      return user.id;
    };
    const a = await account('2026-01-10T08:00:00');
    const b = await account('2026-01-11T08:00:00');
    const c = await account('2026-01-12T08:00:00');
    const d = await account('2026-02-01T08:00:00');

    const now = Date.now();
    await db.insert(entitlements).values([
      { userId: a, premiumUntil: new Date(now + 10 * 86_400_000) },
      { userId: b, premiumUntil: new Date(now - 2 * 86_400_000) },
    ]);

    const plan = {
      productType: 'plan' as const,
      productId: 'mensal',
      productName: 'Premium Mensal',
      priceCentavos: 3490,
      planDays: 30,
      provider: 'sandbox' as const,
    };
    const tokens = {
      productType: 'package' as const,
      productId: 'tokens',
      productName: 'Pacote de tokens',
      priceCentavos: 1990,
      planDays: null,
      provider: 'sandbox' as const,
    };
    const paid = (userId: string, product: typeof plan | typeof tokens, when: string) => ({
      ...product,
      userId,
      status: 'paid' as const,
      createdAt: at(when),
      expiresAt: at(when),
      paidAt: at(when),
      grantedAt: at(when),
    });
    const unpaid = (
      userId: string,
      product: typeof plan | typeof tokens,
      when: string,
      status: 'expired' | 'cancelled' | 'rejected' | 'failed' | 'pending',
    ) => ({ ...product, userId, status, createdAt: at(when), expiresAt: at(when) });

    await db.insert(purchases).values([
      // The day before the period, though already the 10th in UTC.
      paid(a, plan, '2026-01-09T23:59:00'),
      paid(a, plan, '2026-01-10T10:00:00'),
      // Late in the São Paulo evening: the 11th in UTC, the 10th here.
      paid(b, tokens, '2026-01-10T23:30:00'),
      // Approved on the 11th, refunded on the 12th.
      {
        ...paid(a, plan, '2026-01-11T09:00:00'),
        status: 'refunded' as const,
        reversedAt: at('2026-01-12T15:00:00'),
      },
      unpaid(b, tokens, '2026-01-11T11:00:00', 'expired'),
      unpaid(c, plan, '2026-01-12T11:00:00', 'rejected'),
      unpaid(c, plan, '2026-01-12T12:00:00', 'cancelled'),
      unpaid(c, plan, '2026-01-12T13:00:00', 'pending'),
      paid(d, plan, '2026-02-01T10:00:00'),
    ]);

    const usage = (
      userId: string,
      day: string,
      feature: 'feedback' | 'chat' | 'didactic' | 'check',
      [inputTokens, outputTokens, inputCostMicroUsd, outputCostMicroUsd]: number[],
    ) => ({
      userId,
      day,
      feature,
      calls: 1,
      inputTokens: inputTokens!,
      outputTokens: outputTokens!,
      inputCostMicroUsd: inputCostMicroUsd!,
      outputCostMicroUsd: outputCostMicroUsd!,
    });
    await db
      .insert(tokenUsage)
      .values([
        usage(a, '2026-01-09', 'didactic', [9000, 9000, 9_000_000, 9_000_000]),
        usage(a, '2026-01-10', 'feedback', [1000, 500, 300_000, 200_000]),
        usage(b, '2026-01-10', 'feedback', [2000, 100, 100_000, 100_000]),
        usage(b, '2026-01-11', 'chat', [10, 20, 400_000, 600_000]),
        usage(b, '2026-01-11', 'check', [1000, 0, 0, 0]),
      ]);
    await db.insert(operatorAiUsage).values({
      day: '2026-01-12',
      task: 'comment_drafts',
      calls: 3,
      inputTokens: 5000,
      outputTokens: 2000,
      inputCostMicroUsd: 1_500_000,
      outputCostMicroUsd: 500_000,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const metrics = async (query: string, cookie = admin) =>
    get(t.app, `/api/admin/metrics${query}`, cookie);

  it('sums revenue, refunds, payments, AI cost and margin per São Paulo day', async () => {
    const response = await metrics('?de=2026-01-10&ate=2026-01-12');
    expect(response.statusCode).toBe(200);
    const body = parsed(response, businessMetricsSchema);
    expect(body).toMatchObject({ de: '2026-01-10', ate: '2026-01-12', usdBrlRate: 5.5 });
    const zero = { inputTokens: 0, outputTokens: 0, costMicroUsd: 0 };
    expect(body.days).toEqual([
      {
        day: '2026-01-10',
        revenueCentavos: 5480,
        planCentavos: 3490,
        packageCentavos: 1990,
        refundsCentavos: 0,
        approved: 2,
        failed: 0,
        expired: 0,
        refunded: 0,
        inputTokens: 3000,
        outputTokens: 600,
        aiCostMicroUsd: 700_000,
        aiCostCentavos: 385,
        marginCentavos: 5095,
        ai: {
          feedback: { inputTokens: 3000, outputTokens: 600, costMicroUsd: 700_000 },
          chat: zero,
          didactic: zero,
          comment_drafts: zero,
        },
      },
      {
        day: '2026-01-11',
        revenueCentavos: 3490,
        planCentavos: 3490,
        packageCentavos: 0,
        refundsCentavos: 0,
        approved: 1,
        failed: 0,
        expired: 1,
        refunded: 0,
        inputTokens: 10,
        outputTokens: 20,
        aiCostMicroUsd: 1_000_000,
        aiCostCentavos: 550,
        marginCentavos: 2940,
        ai: {
          feedback: zero,
          chat: { inputTokens: 10, outputTokens: 20, costMicroUsd: 1_000_000 },
          didactic: zero,
          comment_drafts: zero,
        },
      },
      {
        day: '2026-01-12',
        revenueCentavos: -3490,
        planCentavos: 0,
        packageCentavos: 0,
        refundsCentavos: 3490,
        approved: 0,
        failed: 1,
        expired: 1,
        refunded: 1,
        inputTokens: 5000,
        outputTokens: 2000,
        aiCostMicroUsd: 2_000_000,
        aiCostCentavos: 1100,
        marginCentavos: -4590,
        ai: {
          feedback: zero,
          chat: zero,
          didactic: zero,
          comment_drafts: { inputTokens: 5000, outputTokens: 2000, costMicroUsd: 2_000_000 },
        },
      },
    ]);
    expect(body.summary).toEqual({
      revenueCentavos: 5480,
      grossCentavos: 8970,
      refundsCentavos: 3490,
      aiCostMicroUsd: 3_700_000,
      aiCostCentavos: 2035,
      marginCentavos: 3445,
      activePremium: 2,
      signups: 3,
      converted: 2,
      approved: 3,
      failed: 1,
      expired: 2,
      refunded: 1,
    });
    expect(body.products).toEqual([
      {
        productType: 'package',
        productId: 'tokens',
        productName: 'Pacote de tokens',
        approved: 1,
        grossCentavos: 1990,
        refunded: 0,
        refundsCentavos: 0,
        netCentavos: 1990,
      },
      {
        productType: 'plan',
        productId: 'mensal',
        productName: 'Premium Mensal',
        approved: 2,
        grossCentavos: 6980,
        refunded: 1,
        refundsCentavos: 3490,
        netCentavos: 3490,
      },
    ]);
    expect(body.features.feedback).toEqual({
      inputTokens: 3000,
      outputTokens: 600,
      costMicroUsd: 700_000,
    });
  });

  it('defaults to the last 30 days up to today', async () => {
    const body = parsed(await metrics(''), businessMetricsSchema);
    const today = saoPauloDay();
    expect(body.ate).toBe(today);
    expect(body.de).toBe(addDays(today, -29));
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)!.day).toBe(today);
  });

  it('refuses malformed, impossible, reversed and too long periods, in Portuguese', async () => {
    const cases: [string, string][] = [
      ['?de=10/01/2026', BUSINESS_METRICS_MESSAGES.dateFormat],
      ['?de=2026-02-30', BUSINESS_METRICS_MESSAGES.dateInvalid],
      ['?de=2026-01-12&ate=2026-01-10', BUSINESS_METRICS_MESSAGES.rangeOrder],
      ['?de=2025-01-01&ate=2026-01-02', BUSINESS_METRICS_MESSAGES.rangeTooLong],
    ];
    for (const [query, message] of cases) {
      const response = await metrics(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'request/invalid', message });
    }
    const longest = await metrics('?de=2025-01-01&ate=2026-01-01');
    expect(longest.statusCode).toBe(200);
    expect(parsed(longest, businessMetricsSchema).days).toHaveLength(366);
  });

  it('is for admins only: support is refused', async () => {
    const refused = await metrics('', support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth/forbidden');
  });
});
