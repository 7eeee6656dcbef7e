import type { Database } from '@/db/client';
import type { PersonalDataOwner } from '@/lib/personal-data';
import { pseudonymisePurchases, purgeOrphanPurchasesBefore } from './billing.repo';

/** Tax law lets the authorities audit five years of sales. */
export const PURCHASE_RETENTION_YEARS = 5;

const yearsBefore = (now: Date, years: number) => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
};

/** Purchases outlive the account under its pseudonym for the fiscal period, then go. */
export function billingPersonalData(db: Database): PersonalDataOwner {
  return {
    module: 'billing',
    tables: { purchases: ['user_id', 'account_pseudonym'] },
    eraseAccount: async (tx, account) => ({
      keptPurchases: await pseudonymisePurchases(tx, account.id, account.pseudonym),
    }),
    purgeExpired: async (now) => ({
      purchases: await purgeOrphanPurchasesBefore(db, yearsBefore(now, PURCHASE_RETENTION_YEARS)),
    }),
  };
}
