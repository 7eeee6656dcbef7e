import { TOKEN_PACKAGE } from '@gabarita/shared';
import type { Database } from '../../db/client';
import {
  addPackageTokens,
  findPackageBalance,
  removePackageTokens,
  type TokenPair,
} from './tokens.repo';

const PACKAGE_TOKENS: TokenPair = {
  input: TOKEN_PACKAGE.inputTokens,
  output: TOKEN_PACKAGE.outputTokens,
};

/**
 * The only writer of token balances. Built over a transaction (`createTokensService(tx)`), its
 * writes join that transaction.
 */
export function createTokensService(db: Database) {
  return {
    /** Adds one 'Essencial' package to the user's balance. */
    grantPackage: (userId: string) => addPackageTokens(db, userId, PACKAGE_TOKENS),
    /** Takes a refunded package back, as far as it was not spent. */
    revokePackage: (userId: string) => removePackageTokens(db, userId, PACKAGE_TOKENS),
    /** The package balance, or zeros when the user never had one or it ended. */
    async packageBalance(userId: string): Promise<TokenPair> {
      const balance = await findPackageBalance(db, userId);
      const active = balance && balance.input > 0 && balance.output > 0;
      return active ? balance : { input: 0, output: 0 };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
