import { TOKEN_PACKAGE } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { unspentOfLots } from './package-lots';
import { isPackageActive, ZERO } from './token-allocation';
import {
  addPackageTokens,
  changeWallet,
  closeLots,
  findPackageBalance,
  findWallet,
  insertLot,
  lockWallet,
  openLots,
  type TokenPair,
} from './tokens.repo';

const packageTokens = (packages: number): TokenPair => ({
  input: TOKEN_PACKAGE.inputTokens * packages,
  output: TOKEN_PACKAGE.outputTokens * packages,
});

const balanceOf = (wallet: { packageInput: number; packageOutput: number }): TokenPair => ({
  input: wallet.packageInput,
  output: wallet.packageOutput,
});

/**
 * Token packages granted and taken back (purchases, refunds, operator grants). Built over a
 * transaction (`createTokensService(tx)`), its writes join that transaction. Spending goes through
 * the ledger (token-ledger.service.ts), which spends the oldest package first; each package is
 * kept as a lot, so a refund takes back what is left of its own package and nothing of another
 * (docs/product-rules.md, "AI tutor and tokens").
 */
export function createTokensService(db: Database) {
  /** Adds a package's tokens and its lot, under the wallet's lock as every change to it. */
  async function grant(userId: string, tokens: TokenPair, purchaseId: string | null) {
    await inTransaction(db, async (tx) => {
      const wallet = await lockWallet(tx, userId);
      // An ended package took what was left of it along: its lots close, and the new one starts
      // from its own amounts.
      if (!isPackageActive(balanceOf(wallet))) await closeLots(tx, userId);
      await addPackageTokens(tx, userId, tokens);
      await insertLot(tx, { userId, purchaseId, tokens });
    });
  }

  /** The open lots with what is left of each of them in `wallet`, read through `reader`. */
  async function lotsLeft(
    reader: Database,
    userId: string,
    wallet: { packageInput: number; packageOutput: number },
  ) {
    const lots = await openLots(reader, userId);
    const left = unspentOfLots(lots, balanceOf(wallet));
    return lots.map((lot, index) => ({ ...lot, left: left[index]! }));
  }

  return {
    /** Adds the 'Essencial' package a purchase bought. */
    grantPackage: (userId: string, purchaseId: string) =>
      grant(userId, packageTokens(1), purchaseId),
    /** Adds `packages` packages at once (support and operator grants). */
    grantPackages: (userId: string, packages: number) =>
      grant(userId, packageTokens(packages), null),

    /**
     * Takes a refunded purchase's package back: what is left of it, nothing of the other packages.
     * Answers what was taken back (zero when the package was spent or had ended).
     */
    async revokePackage(userId: string, purchaseId: string): Promise<TokenPair> {
      return inTransaction(db, async (tx) => {
        const wallet = await lockWallet(tx, userId);
        const lot = (await lotsLeft(tx, userId, wallet)).find(
          (candidate) => candidate.purchaseId === purchaseId,
        );
        if (!lot) return ZERO;
        await changeWallet(tx, userId, {
          balance: { input: -lot.left.input, output: -lot.left.output },
          reserved: ZERO,
        });
        await closeLots(tx, userId, lot.id);
        return lot.left;
      });
    },

    /** What refunding the purchase would take back now; null when its package is not held. */
    async unspentOfPurchase(userId: string, purchaseId: string): Promise<TokenPair | null> {
      const wallet = await findWallet(db, userId);
      if (!wallet) return null;
      const lot = (await lotsLeft(db, userId, wallet)).find(
        (candidate) => candidate.purchaseId === purchaseId,
      );
      return lot ? lot.left : null;
    },

    /** The package balance, or zeros when the user never had one or it ended. */
    async packageBalance(userId: string): Promise<TokenPair> {
      const balance = await findPackageBalance(db, userId);
      const active = balance && balance.input > 0 && balance.output > 0;
      return active ? balance : { input: 0, output: 0 };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
