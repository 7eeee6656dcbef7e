import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { entitlements } from '../../db/schema';

export type EntitlementRow = typeof entitlements.$inferSelect;

export async function insertFreeEntitlement(db: Database, userId: string) {
  await db.insert(entitlements).values({ userId }).onConflictDoNothing();
}

export async function findEntitlement(db: Database, userId: string) {
  const [row] = await db.select().from(entitlements).where(eq(entitlements.userId, userId));
  return row;
}

export async function savePremium(
  db: Database,
  userId: string,
  values: { premiumUntil: string; premiumStartedAt: Date },
) {
  await db
    .insert(entitlements)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: entitlements.userId,
      set: { ...values, updatedAt: new Date() },
    });
}
