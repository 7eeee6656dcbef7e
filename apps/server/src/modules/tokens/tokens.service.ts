import { TOKEN_PACKAGE } from '@gabarita/shared';
import type { Database } from '@/db/client';
import {
  addPackageTokens,
  findPackageBalance,
  removePackageTokens,
  type TokenPair,
} from './tokens.repo';

const packageTokens = (packages: number): TokenPair => ({
  input: TOKEN_PACKAGE.inputTokens * packages,
  output: TOKEN_PACKAGE.outputTokens * packages,
});

/**
 * Token packages granted and taken back (purchases, refunds, operator grants). Built over a
 * transaction (`createTokensService(tx)`), its writes join that transaction. Spending goes through
 * the ledger (token-ledger.service.ts).
 */
export function createTokensService(db: Database) {
  return {
    /** Adds one 'Essencial' package to the user's balance. */
    grantPackage: (userId: string) => addPackageTokens(db, userId, packageTokens(1)),
    /** Adds `packages` packages at once (operator grants). */
    grantPackages: (userId: string, packages: number) =>
      addPackageTokens(db, userId, packageTokens(packages)),
    /** Takes a refunded package back, as far as it was not spent. */
    revokePackage: (userId: string) => removePackageTokens(db, userId, packageTokens(1)),
    /** The package balance, or zeros when the user never had one or it ended. */
    async packageBalance(userId: string): Promise<TokenPair> {
      const balance = await findPackageBalance(db, userId);
      const active = balance && balance.input > 0 && balance.output > 0;
      return active ? balance : { input: 0, output: 0 };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
