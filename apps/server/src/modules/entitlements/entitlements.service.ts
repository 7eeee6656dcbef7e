import type { AccountType, Plan } from '@gabarita/shared';
import type { Database } from '../../db/client';
import { addDays, daysBetween, endOfSaoPauloDay, saoPauloDay } from '../../lib/clock';
import { type EntitlementRow, findEntitlement, savePremium } from './entitlements.repo';

type PlanColumns = Pick<EntitlementRow, 'premiumUntil' | 'premiumStartedAt'> | undefined;

/**
 * Premium while premium_until is today or later (São Paulo day). Derived on every read, so an
 * expired plan reads as free everywhere without any job having to run.
 */
export function accountTypeOf(entitlement: PlanColumns, today = saoPauloDay()): AccountType {
  return entitlement?.premiumUntil && entitlement.premiumUntil >= today ? 'premium' : 'free';
}

export function planOf(entitlement: PlanColumns, today = saoPauloDay()): Plan {
  const endsOn = entitlement?.premiumUntil ?? null;
  return {
    startedAt: entitlement?.premiumStartedAt?.toISOString() ?? null,
    endsOn,
    endsAt: endsOn ? endOfSaoPauloDay(endsOn).toISOString() : null,
    daysRemaining: endsOn ? daysBetween(today, endsOn) : null,
  };
}

export async function getAccountType(db: Database, userId: string): Promise<AccountType> {
  return accountTypeOf(await findEntitlement(db, userId));
}

/**
 * Adds `days` of Premium: a running plan is extended from its end date; otherwise the plan starts
 * today, which counts as its first day.
 */
export async function grantPremium(db: Database, userId: string, days: number, now = new Date()) {
  const today = saoPauloDay(now);
  const current = await findEntitlement(db, userId);
  const running = accountTypeOf(current, today) === 'premium';
  const premiumUntil = running ? addDays(current!.premiumUntil!, days) : addDays(today, days - 1);
  const premiumStartedAt = running ? (current!.premiumStartedAt ?? now) : now;
  await savePremium(db, userId, { premiumUntil, premiumStartedAt });
  return planOf({ premiumUntil, premiumStartedAt }, today);
}
