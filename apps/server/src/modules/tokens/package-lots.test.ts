import { describe, expect, it } from 'vitest';
import { unspentOfLots } from './package-lots';

const PACKAGE = { input: 80_000, output: 40_000 };

describe('what is left of each package', () => {
  it('charges what was spent to the oldest package first, each side on its own', () => {
    // Two packages, 100,000 input and 10,000 output spent.
    expect(unspentOfLots([PACKAGE, PACKAGE], { input: 60_000, output: 70_000 })).toEqual([
      { input: 0, output: 30_000 },
      { input: 60_000, output: 40_000 },
    ]);
  });

  it('leaves a newer package whole while the older one pays', () => {
    const support = { input: 160_000, output: 80_000 };
    expect(unspentOfLots([support, PACKAGE], { input: 235_000, output: 118_000 })).toEqual([
      { input: 155_000, output: 78_000 },
      PACKAGE,
    ]);
  });

  it('counts nothing as spent when the balance covers every package', () => {
    expect(unspentOfLots([PACKAGE], { input: 90_000, output: 40_000 })).toEqual([PACKAGE]);
    expect(unspentOfLots([], { input: 5_000, output: 1_000 })).toEqual([]);
  });

  it('finds every package spent when the balance is zero', () => {
    expect(unspentOfLots([PACKAGE, PACKAGE], { input: 0, output: 0 })).toEqual([
      { input: 0, output: 0 },
      { input: 0, output: 0 },
    ]);
  });
});
