import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tokenWallets } from '../../db/schema';

export interface TokenPair {
  input: number;
  output: number;
}

/** A package is active while both sides are above zero (docs/product-rules.md, "AI tokens"). */
const packageActive = sql`${tokenWallets.packageInput} > 0 and ${tokenWallets.packageOutput} > 0`;

/**
 * Adds a package's tokens in one statement. The remains of an ended package (one side at zero) are
 * not added to the new one: that package was over.
 */
export async function addPackageTokens(db: Database, userId: string, tokens: TokenPair) {
  await db
    .insert(tokenWallets)
    .values({ userId, packageInput: tokens.input, packageOutput: tokens.output })
    .onConflictDoUpdate({
      target: tokenWallets.userId,
      set: {
        packageInput: sql`case when ${packageActive} then ${tokenWallets.packageInput} + ${tokens.input} else ${tokens.input} end`,
        packageOutput: sql`case when ${packageActive} then ${tokenWallets.packageOutput} + ${tokens.output} else ${tokens.output} end`,
        updatedAt: sql`now()`,
      },
    });
}

/** Takes back up to `tokens` (a refunded package): what was already spent stays spent. */
export async function removePackageTokens(db: Database, userId: string, tokens: TokenPair) {
  await db
    .update(tokenWallets)
    .set({
      packageInput: sql`greatest(0, ${tokenWallets.packageInput} - ${tokens.input})`,
      packageOutput: sql`greatest(0, ${tokenWallets.packageOutput} - ${tokens.output})`,
      updatedAt: sql`now()`,
    })
    .where(eq(tokenWallets.userId, userId));
}

export async function findPackageBalance(db: Database, userId: string): Promise<TokenPair | null> {
  const [row] = await db
    .select({ input: tokenWallets.packageInput, output: tokenWallets.packageOutput })
    .from(tokenWallets)
    .where(eq(tokenWallets.userId, userId));
  return row ?? null;
}
