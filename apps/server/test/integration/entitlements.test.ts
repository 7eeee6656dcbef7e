import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '@/db/schema';
import { createEntitlementsService } from '@/modules/entitlements/entitlements.service';
import { createPasswordUser } from '../helpers/accounts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const DAY_MS = 86_400_000;

describe('premium grants', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const premiumUntil = async (userId: string) => {
    const [row] = await database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.userId, userId));
    return row!.premiumUntil!.getTime();
  };

  it('adds up exactly when 20 grants for one user arrive at once', async () => {
    const { user } = await createPasswordUser(database.db);
    const before = Date.now();
    // Separate connections on PostgreSQL, as 20 server instances would be.
    const handles = await Promise.all(Array.from({ length: 4 }, () => database.openAnother()));
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          createEntitlementsService(handles[index % handles.length]!.db).grantPremium(user.id, 7),
        ),
      );
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    const until = await premiumUntil(user.id);
    expect(until - before).toBeGreaterThanOrEqual(140 * DAY_MS);
    expect(until - Date.now()).toBeLessThanOrEqual(140 * DAY_MS);
  });

  it('extends a running plan from its end, and restarts a lapsed one from now', async () => {
    const { user } = await createPasswordUser(database.db);
    await createEntitlementsService(database.db).grantPremium(user.id, 30);
    const firstEnd = await premiumUntil(user.id);
    const plan = await createEntitlementsService(database.db).grantPremium(user.id, 1);
    expect((await premiumUntil(user.id)) - firstEnd).toBe(DAY_MS);
    expect(plan.daysRemaining).toBe(31);

    const lapsed = new Date(Date.now() - 3 * DAY_MS);
    await database.db
      .update(entitlements)
      .set({ premiumUntil: lapsed, premiumStartedAt: new Date(Date.now() - 40 * DAY_MS) })
      .where(eq(entitlements.userId, user.id));
    const before = Date.now();
    const renewed = await createEntitlementsService(database.db).grantPremium(user.id, 1);
    expect((await premiumUntil(user.id)) - before).toBeGreaterThanOrEqual(DAY_MS - 1000);
    expect(Date.parse(renewed.startedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('takes back only the unused part of a refunded purchase, keeping time bought after it', async () => {
    const { user } = await createPasswordUser(database.db);
    const service = createEntitlementsService(database.db);
    const bought = await service.grantPlanPurchase(user.id, 30, new Date());
    expect(bought.previousUntil).toBeNull();
    // Ten days go by (moved back in time instead), then 5 more days are granted on top.
    const shift = 10 * DAY_MS;
    await database.db
      .update(entitlements)
      .set({ premiumUntil: new Date(bought.validUntil.getTime() - shift) })
      .where(eq(entitlements.userId, user.id));
    await service.grantPremium(user.id, 5);
    const beforeRefund = await premiumUntil(user.id);

    await service.revokePlanPurchase(user.id, {
      days: 30,
      validUntil: new Date(bought.validUntil.getTime() - shift),
      previousUntil: null,
    });
    // 20 unused days come off; the 5 granted after it stay.
    const after = await premiumUntil(user.id);
    expect(beforeRefund - after).toBeGreaterThan(20 * DAY_MS - 5000);
    expect(beforeRefund - after).toBeLessThanOrEqual(20 * DAY_MS);
    expect(after - Date.now()).toBeGreaterThan(5 * DAY_MS - 5000);
  });

  it('ends the plan when a refund leaves no paid time, back to a lapsed expiry', async () => {
    const { user } = await createPasswordUser(database.db);
    const lapsed = new Date(Date.now() - 3 * DAY_MS);
    await database.db.insert(entitlements).values({ userId: user.id, premiumUntil: lapsed });
    const service = createEntitlementsService(database.db);
    const bought = await service.grantPlanPurchase(user.id, 1, new Date());
    expect(bought.previousUntil?.getTime()).toBe(lapsed.getTime());

    await service.revokePlanPurchase(user.id, { days: 1, ...bought });
    expect(await premiumUntil(user.id)).toBe(lapsed.getTime());
    expect((await service.current(user.id)).accountType).toBe('free');
  });
});
