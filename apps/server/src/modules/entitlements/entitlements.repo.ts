import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { entitlements } from '../../db/schema';

export type EntitlementRow = typeof entitlements.$inferSelect;

export async function findEntitlement(db: Database, userId: string) {
  const [row] = await db.select().from(entitlements).where(eq(entitlements.userId, userId));
  return row;
}

/**
 * Adds `days` × 24 h of Premium from the later of now and the current expiry, in one statement, so
 * concurrent grants add up exactly. A period that had lapsed (its São Paulo day is past) starts anew.
 */
export async function addPremiumTime(db: Database, userId: string, days: number, paidAt?: Date) {
  const lapsed = sql`(${entitlements.premiumUntil} is null or
    (${entitlements.premiumUntil} at time zone 'America/Sao_Paulo')::date
      < (now() at time zone 'America/Sao_Paulo')::date)`;
  const [row] = await db
    .insert(entitlements)
    .values({
      userId,
      premiumUntil: sql`now() + make_interval(days => ${days}::int)`,
      premiumStartedAt: sql`now()`,
      lastPaymentAt: paidAt ?? null,
    })
    .onConflictDoUpdate({
      target: entitlements.userId,
      set: {
        premiumUntil: sql`greatest(${entitlements.premiumUntil}, now()) + make_interval(days => ${days}::int)`,
        premiumStartedAt: sql`case when ${lapsed} then now() else ${entitlements.premiumStartedAt} end`,
        ...(paidAt ? { lastPaymentAt: paidAt } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Takes back `days` × 24 h of Premium (a refunded plan); the plan may end at once. */
export async function removePremiumTime(db: Database, userId: string, days: number) {
  const [row] = await db
    .update(entitlements)
    .set({
      premiumUntil: sql`${entitlements.premiumUntil} - make_interval(days => ${days}::int)`,
      updatedAt: sql`now()`,
    })
    .where(eq(entitlements.userId, userId))
    .returning();
  return row;
}
