/** The arithmetic of the token ledger (docs/product-rules.md, "AI tutor and tokens"); no I/O. */

export interface Pair {
  input: number;
  output: number;
}

/** What each pool can give now; null when the user has no such pool. */
export interface Pools {
  package: Pair | null;
  daily: Pair | null;
}

/** How many tokens of a call come from each pool. */
export interface Allocation {
  package: Pair;
  daily: Pair;
}

export const ZERO: Pair = Object.freeze({ input: 0, output: 0 });

const clamp = (value: number) => Math.max(0, value);

/** A package lasts while both sides have tokens; it ends when either reaches zero. */
export function isPackageActive(balance: Pair): boolean {
  return balance.input > 0 && balance.output > 0;
}

/** What a package can give now: its balance less what running calls set aside; null once ended. */
export function packageAvailable(balance: Pair, reserved: Pair): Pair | null {
  if (!isPackageActive(balance)) return null;
  return {
    input: clamp(balance.input - reserved.input),
    output: clamp(balance.output - reserved.output),
  };
}

/** What the day's quota can give now: quota − used − reserved, never below zero. */
export function dailyAvailable(quota: Pair, used: Pair, reserved: Pair = ZERO): Pair {
  return {
    input: clamp(quota.input - used.input - reserved.input),
    output: clamp(quota.output - used.output - reserved.output),
  };
}

/**
 * Where a call's tokens come from: the package first, then the day's quota. All the input must fit;
 * the output may be cut down to what is left, but not below `minOutput`. Null when it does not fit.
 */
export function allocate(
  pools: Pools,
  need: { input: number; maxOutput: number; minOutput: number },
): Allocation | null {
  const pkg = pools.package ?? ZERO;
  const daily = pools.daily ?? ZERO;
  if (pkg.input + daily.input < need.input) return null;
  const output = Math.min(need.maxOutput, pkg.output + daily.output);
  if (output < need.minOutput || output <= 0) return null;
  const packageInput = Math.min(pkg.input, need.input);
  const packageOutput = Math.min(pkg.output, output);
  return {
    package: { input: packageInput, output: packageOutput },
    daily: { input: need.input - packageInput, output: output - packageOutput },
  };
}

/**
 * What a finished call is charged to each pool. The tokens it used come out of its reservation,
 * package part first; usage beyond the reservation is taken from what the pools can still give
 * (`room`: what each pool could give with this reservation released), package first; anything
 * beyond that is recorded as usage but charged to no balance (balances never go below zero).
 */
export function settleCharge(reserved: Allocation, reportedUse: Pair, room: Pools): Allocation {
  // Settling only ever charges: a negative use would give tokens back.
  const used = nonNegative(reportedUse);
  const side = (key: keyof Pair) => {
    const fromPackage = Math.min(used[key], reserved.package[key]);
    const fromDaily = Math.min(used[key] - fromPackage, reserved.daily[key]);
    let excess = used[key] - fromPackage - fromDaily;
    const extraPackage = Math.min(excess, clamp((room.package?.[key] ?? 0) - fromPackage));
    excess -= extraPackage;
    const extraDaily = Math.min(excess, clamp((room.daily?.[key] ?? 0) - fromDaily));
    return { package: fromPackage + extraPackage, daily: fromDaily + extraDaily };
  };
  const input = side('input');
  const output = side('output');
  return {
    package: { input: input.package, output: output.package },
    daily: { input: input.daily, output: output.daily },
  };
}

/** Whole, finite and never below zero: what a usage figure must be before it is charged. */
export function nonNegative(pair: Pair): Pair {
  const whole = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
  return { input: whole(pair.input), output: whole(pair.output) };
}

export function addPairs(a: Pair, b: Pair): Pair {
  return { input: a.input + b.input, output: a.output + b.output };
}

/** Millionths of a US dollar for `tokens` at `usdPerMillion` dollars per million tokens. */
export function costMicroUsd(tokens: number, usdPerMillion: number): number {
  return Math.round(tokens * usdPerMillion);
}
