import type { AccountType, Plan } from '@gabarita/shared';
import { daysBetween, saoPauloDay } from '@/lib/clock';
import type { EntitlementRow } from './entitlements.repo';

type PlanColumns = Pick<EntitlementRow, 'premiumUntil' | 'premiumStartedAt'> | undefined | null;

/**
 * Premium while the São Paulo day of the plan's expiry is today or later (docs/product-rules.md,
 * "Plans and validity"). Derived on every read, so an expired plan reads as free everywhere without
 * any job having to run.
 */
export function accountTypeOf(entitlement: PlanColumns, now = new Date()): AccountType {
  const until = entitlement?.premiumUntil;
  return until && saoPauloDay(until) >= saoPauloDay(now) ? 'premium' : 'free';
}

export function planOf(entitlement: PlanColumns, now = new Date()): Plan {
  const until = entitlement?.premiumUntil ?? null;
  return {
    startedAt: entitlement?.premiumStartedAt?.toISOString() ?? null,
    endsOn: until ? saoPauloDay(until) : null,
    // Shown one millisecond before the stored expiry.
    endsAt: until ? new Date(until.getTime() - 1).toISOString() : null,
    daysRemaining: until ? daysBetween(saoPauloDay(now), saoPauloDay(until)) : null,
  };
}
