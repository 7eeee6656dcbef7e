import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PACKAGE } from '@gabarita/shared';
import { tokenWallets } from '@/db/schema';
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

    await Promise.all(Array.from({ length: 10 }, () => tokens.grantPackage(user.id)));
    expect(await tokens.packageBalance(user.id)).toEqual({
      input: 10 * ONE_PACKAGE.input,
      output: 10 * ONE_PACKAGE.output,
    });
  });

  it('takes back a refunded package as far as it was not spent', async () => {
    const { user } = await createPasswordUser(database.db);
    const tokens = createTokensService(database.db);
    await tokens.grantPackage(user.id);
    await database.db
      .update(tokenWallets)
      .set({ packageInput: 30_000, packageOutput: 35_000 })
      .where(eq(tokenWallets.userId, user.id));
    await tokens.grantPackage(user.id);
    await tokens.revokePackage(user.id);
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 30_000, output: 35_000 });

    await tokens.revokePackage(user.id);
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 0, output: 0 });
  });

  it('ends a package when one side runs out; a new one starts from its own amounts', async () => {
    const { user } = await createPasswordUser(database.db);
    const tokens = createTokensService(database.db);
    await tokens.grantPackage(user.id);
    await database.db
      .update(tokenWallets)
      .set({ packageInput: 50_000, packageOutput: 0 })
      .where(eq(tokenWallets.userId, user.id));
    expect(await tokens.packageBalance(user.id)).toEqual({ input: 0, output: 0 });

    await tokens.grantPackage(user.id);
    expect(await tokens.packageBalance(user.id)).toEqual(ONE_PACKAGE);
  });

  it('joins the transaction it is built over', async () => {
    const { user } = await createPasswordUser(database.db);
    await expect(
      inTransaction(database.db, async (tx) => {
        await createTokensService(tx).grantPackage(user.id);
        throw new Error('pagamento desfeito');
      }),
    ).rejects.toThrow('pagamento desfeito');
    expect(await createTokensService(database.db).packageBalance(user.id)).toEqual({
      input: 0,
      output: 0,
    });
  });
});
