import { describe, expect, it } from 'vitest';
import { accountTypeOf, planOf } from './entitlements.service';

const today = '2026-11-21';

describe('account type and plan', () => {
  it('is free without a plan', () => {
    expect(accountTypeOf(undefined, today)).toBe('free');
    expect(planOf(undefined, today)).toEqual({
      startedAt: null,
      endsOn: null,
      endsAt: null,
      daysRemaining: null,
    });
  });

  it('is premium through the last day of the plan, then free', () => {
    const plan = { premiumUntil: today, premiumStartedAt: new Date('2026-11-01T12:00:00Z') };
    expect(accountTypeOf(plan, today)).toBe('premium');
    expect(planOf(plan, today)).toMatchObject({
      endsOn: today,
      endsAt: '2026-11-22T02:59:59.999Z',
      daysRemaining: 0,
    });
    expect(accountTypeOf(plan, '2026-11-22')).toBe('free');
    expect(planOf(plan, '2026-11-22').daysRemaining).toBe(-1);
  });

  it('counts the days left after today', () => {
    const plan = { premiumUntil: '2026-12-21', premiumStartedAt: null };
    expect(planOf(plan, today).daysRemaining).toBe(30);
  });
});
