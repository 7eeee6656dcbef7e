import type { Database } from '../../db/client';
import { addPremiumTime, removePremiumTime } from './entitlements.repo';
import { planOf } from './plan';

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
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
