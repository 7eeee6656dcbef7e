import type { Pair } from './token-allocation';

/**
 * What is left of each package in a wallet (docs/product-rules.md, "AI tutor and tokens"). The
 * ledger spends a wallet's package tokens as one balance, oldest package first, each side (input,
 * output) on its own: whatever the packages brought beyond the balance was spent, and it came out
 * of the oldest ones. `lots` are the open packages in the order they came in, with the tokens each
 * brought; the answer is, in the same order, what is left of each.
 */
export function unspentOfLots(lots: readonly Pair[], balance: Pair): Pair[] {
  const side = (key: keyof Pair) => {
    const brought = lots.reduce((sum, lot) => sum + lot[key], 0);
    let spent = Math.max(0, brought - balance[key]);
    return lots.map((lot) => {
      const fromThis = Math.min(lot[key], spent);
      spent -= fromThis;
      return lot[key] - fromThis;
    });
  };
  const input = side('input');
  const output = side('output');
  return lots.map((_, index) => ({ input: input[index]!, output: output[index]! }));
}
