import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, saoPauloDay } from './clock';

describe('São Paulo calendar', () => {
  it('changes day at midnight in São Paulo, not in UTC', () => {
    expect(saoPauloDay(new Date('2026-03-01T02:59:59Z'))).toBe('2026-02-28');
    expect(saoPauloDay(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
  });

  it('adds and counts days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-10', -10)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(daysBetween('2026-03-01', '2026-01-01')).toBe(-59);
  });
});
