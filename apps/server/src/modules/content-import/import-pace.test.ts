import { describe, expect, it } from 'vitest';
import { instancesBusy, restAfterStep, transactionRate } from './import-pace';

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

describe('instancesBusy', () => {
  it('turns busy from 50 transactions a second', () => {
    expect(instancesBusy(false, 49.9)).toBe(false);
    expect(instancesBusy(false, 50)).toBe(true);
  });

  it('stays busy down to 25, so that readings of a steady load do not switch it back and forth', () => {
    expect(instancesBusy(true, 45)).toBe(true);
    expect(instancesBusy(true, 25)).toBe(true);
    expect(instancesBusy(true, 24.9)).toBe(false);
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
