import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { entitlements } from '@/db/schema';

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
        // Payments can be learned out of order: the latest one wins.
        ...(paidAt
          ? {
              lastPaymentAt: sql`greatest(${entitlements.lastPaymentAt}, ${paidAt.toISOString()}::timestamptz)`,
            }
          : {}),
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

/**
 * Serializes the plan changes of one user until the transaction ends, so the expiry read before a
 * change is still the expiry when the change is written (concurrent purchases, refunds).
 */
export async function lockUserPlan(db: Database, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan:${userId}`}, 0))`);
}

/** Records a payment that bought no plan (a token package): the latest payment wins. */
export async function recordLastPayment(db: Database, userId: string, paidAt: Date) {
  const at = sql`${paidAt.toISOString()}::timestamptz`;
  await db
    .insert(entitlements)
    .values({ userId, lastPaymentAt: paidAt })
    .onConflictDoUpdate({
      target: entitlements.userId,
      set: {
        lastPaymentAt: sql`greatest(${entitlements.lastPaymentAt}, ${at})`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Takes back the part of one purchase's period not used yet (docs/product-rules.md, "Payments"):
 * the purchase covered `days` × 24 h ending at `validUntil`; what of it lies after now comes off
 * the plan's end. When no paid time is left after now, the plan ends: the expiry goes back to what
 * it was before the purchase (or earlier), or to none.
 */
export async function takeBackPremiumTime(
  db: Database,
  userId: string,
  purchase: { days: number; validUntil: Date; previousUntil: Date | null },
) {
  const validUntil = sql`${purchase.validUntil.toISOString()}::timestamptz`;
  const previous = purchase.previousUntil
    ? sql`${purchase.previousUntil.toISOString()}::timestamptz`
    : sql`null::timestamptz`;
  const unused = sql`greatest(interval '0', ${validUntil} - greatest(${validUntil} - make_interval(days => ${purchase.days}::int), now()))`;
  // The purchase kept its expiry to the millisecond (a JavaScript Date); the column holds
  // microseconds. Compared at the purchase's precision, a plan nothing else extended ends exactly now.
  const remaining = sql`(date_trunc('milliseconds', ${entitlements.premiumUntil}) - ${unused})`;
  const until = sql`case
      when ${remaining} > now() then ${remaining}
      when ${previous} is null then null
      else least(${previous}, ${remaining})
    end`;
  const [row] = await db
    .update(entitlements)
    .set({
      premiumUntil: until,
      premiumStartedAt: sql`case when (${until}) is null then null else ${entitlements.premiumStartedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(entitlements.userId, userId))
    .returning();
  return row;
}
