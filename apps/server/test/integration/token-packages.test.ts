import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PACKAGE } from '@gabarita/shared';
import { tokenPackageLots, tokenWallets } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import { createTokensService } from '@/modules/tokens/tokens.service';
import { createPasswordUser } from '../helpers/accounts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const ONE_PACKAGE = { input: TOKEN_PACKAGE.inputTokens, output: TOKEN_PACKAGE.outputTokens };

describe('token packages', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('adds packages exactly when 10 grants arrive at once', async () => {
    const { user } = await createPasswordUser(database.db);
    const tokens = createTokensService(database.db);
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 0, output: 0 });

    await Promise.all(Array.from({ length: 10 }, () => tokens.grantPackage(user.id, randomUUID())));
    expect(await tokens.packageBalance(user.id)).toEqual({
      input: 10 * ONE_PACKAGE.input,
      output: 10 * ONE_PACKAGE.output,
    });
    const lots = await database.db
      .select()
      .from(tokenPackageLots)
      .where(eq(tokenPackageLots.userId, user.id));
    expect(lots).toHaveLength(10);
  });

  it('takes back what is left of the refunded package, the oldest package being spent first', async () => {
    const { user } = await createPasswordUser(database.db);
    const tokens = createTokensService(database.db);
    const [first, second] = [randomUUID(), randomUUID()];
    await tokens.grantPackage(user.id, first);
    // 50,000 input and 5,000 output spent, as the AI features would.
    await database.db
      .update(tokenWallets)
      .set({ packageInput: 30_000, packageOutput: 35_000 })
      .where(eq(tokenWallets.userId, user.id));
    await tokens.grantPackage(user.id, second);
    // What was spent came out of the first package: the second goes back whole.
    expect(await tokens.unspentOfPurchase(user.id, second)).toEqual(ONE_PACKAGE);
    expect(await tokens.revokePackage(user.id, second)).toEqual(ONE_PACKAGE);
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 30_000, output: 35_000 });

    expect(await tokens.revokePackage(user.id, first)).toEqual({ input: 30_000, output: 35_000 });
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 0, output: 0 });
    // Once taken back, a package has nothing more to give.
    expect(await tokens.unspentOfPurchase(user.id, first)).toBeNull();
    expect(await tokens.revokePackage(user.id, first)).toEqual({ input: 0, output: 0 });
  });

  it('ends a package when one side runs out; a new one starts from its own amounts', async () => {
    const { user } = await createPasswordUser(database.db);
    const tokens = createTokensService(database.db);
    const ended = randomUUID();
    await tokens.grantPackage(user.id, ended);
    await database.db
      .update(tokenWallets)
      .set({ packageInput: 50_000, packageOutput: 0 })
      .where(eq(tokenWallets.userId, user.id));
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 0, output: 0 });

    await tokens.grantPackages(user.id, 1);
    expect(await tokens.packageBalance(user.id)).toEqual(ONE_PACKAGE);
    // The ended package took its remains along: refunding it takes nothing of the new one.
    expect(await tokens.revokePackage(user.id, ended)).toEqual({ input: 0, output: 0 });
    expect(await tokens.packageBalance(user.id)).toEqual(ONE_PACKAGE);
  });

  it('joins the transaction it is built over', async () => {
    const { user } = await createPasswordUser(database.db);
    await expect(
      inTransaction(database.db, async (tx) => {
        await createTokensService(tx).grantPackage(user.id, randomUUID());
        throw new Error('pagamento desfeito');
      }),
    ).rejects.toThrow('pagamento desfeito');
    expect(await createTokensService(database.db).packageBalance(user.id)).toEqual({
      input: 0,
      output: 0,
    });
  });
});
