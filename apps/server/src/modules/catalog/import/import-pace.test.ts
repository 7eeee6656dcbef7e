import { describe, expect, it } from 'vitest';
import { restAfterStep, transactionRate } from './import-pace';

describe('transactionRate', () => {
  it('is the transactions between two readings over the seconds between them', () => {
    expect(
      transactionRate({ at: 1_000, transactions: 500 }, { at: 3_000, transactions: 900 }),
    ).toBe(200);
  });

  it('is nought when the statistics were reset or no time passed', () => {
    expect(transactionRate({ at: 0, transactions: 900 }, { at: 1_000, transactions: 10 })).toBe(0);
    expect(transactionRate({ at: 5, transactions: 1 }, { at: 5, transactions: 90 })).toBe(0);
  });
});

describe('restAfterStep', () => {
  it('rests as long as the step took while instances are busy: half pace', () => {
    expect(restAfterStep(180, true)).toBe(180);
  });

  it('does not rest otherwise', () => {
    expect(restAfterStep(180, false)).toBe(0);
  });
});
