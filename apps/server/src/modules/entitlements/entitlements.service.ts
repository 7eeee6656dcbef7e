import type { Database } from '@/db/client';
import {
  addPremiumTime,
  findEntitlement,
  lockUserPlan,
  recordLastPayment,
  removePremiumTime,
  takeBackPremiumTime,
} from './entitlements.repo';
import { accountTypeOf, planOf } from './plan';

/** The only writer of entitlements. */
export function createEntitlementsService(db: Database) {
  return {
    /** Adds `days` of Premium (atomic: see addPremiumTime); `paidAt` records a purchase. */
    async grantPremium(userId: string, days: number, paidAt?: Date) {
      const row = await addPremiumTime(db, userId, days, paidAt);
      return { ...planOf(row), premiumUntil: row.premiumUntil! };
    },

    /** Reverses a refunded plan's days. */
    async revokePremium(userId: string, days: number) {
      await removePremiumTime(db, userId, days);
    },

    /**
     * A paid plan purchase: adds its days and records the payment. Returns the plan's expiry right
     * before and right after, which the purchase keeps so a refund can take back exactly its part.
     * Run it inside the purchase's transaction (`createEntitlementsService(tx)`).
     */
    async grantPlanPurchase(userId: string, days: number, paidAt: Date) {
      await lockUserPlan(db, userId);
      const previousUntil = (await findEntitlement(db, userId))?.premiumUntil ?? null;
      const row = await addPremiumTime(db, userId, days, paidAt);
      return { previousUntil, validUntil: row.premiumUntil! };
    },

    /** Takes back what a refunded plan purchase had not been used for yet. */
    async revokePlanPurchase(
      userId: string,
      purchase: { days: number; validUntil: Date; previousUntil: Date | null },
    ) {
      await lockUserPlan(db, userId);
      await takeBackPremiumTime(db, userId, purchase);
    },

    /** A payment that bought no plan (a token package) still counts as the last payment. */
    recordPayment: (userId: string, paidAt: Date) => recordLastPayment(db, userId, paidAt),

    /** The account type and plan as the account and plans pages show them. */
    async current(userId: string) {
      const row = await findEntitlement(db, userId);
      return { accountType: accountTypeOf(row), plan: planOf(row) };
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
