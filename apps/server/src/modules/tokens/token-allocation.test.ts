import { describe, expect, it } from 'vitest';
import {
  allocate,
  costMicroUsd,
  dailyAvailable,
  isPackageActive,
  packageAvailable,
  settleCharge,
} from './token-allocation';

const need = { input: 1000, maxOutput: 2000, minOutput: 300 };

describe('token allocation', () => {
  it('takes from the package first, then from the day', () => {
    expect(
      allocate(
        { package: { input: 600, output: 500 }, daily: { input: 80_000, output: 40_000 } },
        need,
      ),
    ).toEqual({ package: { input: 600, output: 500 }, daily: { input: 400, output: 1500 } });
  });

  it('uses only the package without a plan, and refuses what does not fit', () => {
    expect(allocate({ package: { input: 5000, output: 5000 }, daily: null }, need)).toEqual({
      package: { input: 1000, output: 2000 },
      daily: { input: 0, output: 0 },
    });
    expect(allocate({ package: { input: 999, output: 5000 }, daily: null }, need)).toBeNull();
    expect(allocate({ package: null, daily: null }, need)).toBeNull();
  });

  it('cuts the answer down to what is left, but not below the minimum', () => {
    expect(allocate({ package: null, daily: { input: 5000, output: 800 } }, need)).toEqual({
      package: { input: 0, output: 0 },
      daily: { input: 1000, output: 800 },
    });
    expect(allocate({ package: null, daily: { input: 5000, output: 299 } }, need)).toBeNull();
    // A shared text is never cut: its minimum is its maximum.
    expect(
      allocate(
        { package: null, daily: { input: 5000, output: 1999 } },
        { ...need, minOutput: 2000 },
      ),
    ).toBeNull();
  });

  it('ends a package when either side reaches zero, and sets running calls apart', () => {
    expect(isPackageActive({ input: 0, output: 40_000 })).toBe(false);
    expect(isPackageActive({ input: 10, output: 0 })).toBe(false);
    expect(packageAvailable({ input: 0, output: 40_000 }, { input: 0, output: 0 })).toBeNull();
    expect(packageAvailable({ input: 1000, output: 500 }, { input: 400, output: 600 })).toEqual({
      input: 600,
      output: 0,
    });
  });

  it('shows the day as quota minus used (and set aside), at least zero', () => {
    expect(dailyAvailable({ input: 100, output: 50 }, { input: 130, output: 20 })).toEqual({
      input: 0,
      output: 30,
    });
    expect(
      dailyAvailable(
        { input: 100, output: 50 },
        { input: 10, output: 20 },
        { input: 5, output: 40 },
      ),
    ).toEqual({ input: 85, output: 0 });
  });

  it('charges what was used, package first, and gives the rest back', () => {
    const reserved = { package: { input: 600, output: 500 }, daily: { input: 400, output: 1500 } };
    expect(
      settleCharge(reserved, { input: 900, output: 700 }, { package: null, daily: null }),
    ).toEqual({ package: { input: 600, output: 500 }, daily: { input: 300, output: 200 } });
    expect(settleCharge(reserved, { input: 0, output: 0 }, { package: null, daily: null })).toEqual(
      {
        package: { input: 0, output: 0 },
        daily: { input: 0, output: 0 },
      },
    );
  });

  it('takes usage beyond the reservation from what is left, never below zero', () => {
    const reserved = { package: { input: 0, output: 0 }, daily: { input: 1000, output: 100 } };
    // With this reservation released, the day could give 1150 input and 100 output.
    expect(
      settleCharge(
        reserved,
        { input: 1200, output: 130 },
        { package: null, daily: { input: 1150, output: 100 } },
      ),
    ).toEqual({ package: { input: 0, output: 0 }, daily: { input: 1150, output: 100 } });
    // The package gives first, also for the excess.
    expect(
      settleCharge(
        { package: { input: 100, output: 100 }, daily: { input: 0, output: 0 } },
        { input: 150, output: 100 },
        { package: { input: 120, output: 100 }, daily: { input: 1000, output: 1000 } },
      ),
    ).toEqual({ package: { input: 120, output: 100 }, daily: { input: 30, output: 0 } });
  });

  it('never credits: a negative or non-numeric use is charged as nothing', () => {
    const reserved = { package: { input: 600, output: 500 }, daily: { input: 400, output: 1500 } };
    const room = {
      package: { input: 80_000, output: 40_000 },
      daily: { input: 1000, output: 1000 },
    };
    const none = { package: { input: 0, output: 0 }, daily: { input: 0, output: 0 } };
    expect(settleCharge(reserved, { input: -50_000, output: -1 }, room)).toEqual(none);
    expect(settleCharge(reserved, { input: Number.NaN, output: -Infinity }, room)).toEqual(none);
    expect(settleCharge(reserved, { input: -50_000, output: 200 }, room)).toEqual({
      package: { input: 0, output: 200 },
      daily: { input: 0, output: 0 },
    });
  });

  it('prices tokens in millionths of a US dollar', () => {
    expect(costMicroUsd(1_000_000, 0.75)).toBe(750_000);
    expect(costMicroUsd(1234, 3.75)).toBe(4628);
    expect(costMicroUsd(0, 3.75)).toBe(0);
  });
});
