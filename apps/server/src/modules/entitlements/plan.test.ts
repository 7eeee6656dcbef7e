import { describe, expect, it } from 'vitest';
import { accountTypeOf, planOf } from './plan';

// 2026-11-21 12:00 in São Paulo (UTC-3).
const now = new Date('2026-11-21T15:00:00Z');

describe('account type and plan', () => {
  it('is free without a plan', () => {
    expect(accountTypeOf(undefined, now)).toBe('free');
    expect(planOf(undefined, now)).toEqual({
      startedAt: null,
      endsOn: null,
      endsAt: null,
      daysRemaining: null,
    });
  });

  it('is premium through the São Paulo day of the expiry, then free', () => {
    // Expired this morning, still today in São Paulo.
    const plan = {
      premiumUntil: new Date('2026-11-21T11:00:00Z'),
      premiumStartedAt: new Date('2026-11-01T12:00:00Z'),
    };
    expect(accountTypeOf(plan, now)).toBe('premium');
    expect(planOf(plan, now)).toMatchObject({
      endsOn: '2026-11-21',
      endsAt: '2026-11-21T10:59:59.999Z',
      daysRemaining: 0,
    });
    const tomorrow = new Date('2026-11-22T03:00:00Z');
    expect(accountTypeOf(plan, tomorrow)).toBe('free');
    expect(planOf(plan, tomorrow).daysRemaining).toBe(-1);
  });

  it('counts a month bought now as 30 days remaining', () => {
    const plan = { premiumUntil: new Date(now.getTime() + 30 * 86_400_000), premiumStartedAt: now };
    expect(planOf(plan, now).daysRemaining).toBe(30);
  });
});
