import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('LISTEN/NOTIFY across instances', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("delivers another instance's notification once its transaction commits, and none after a rollback", async () => {
    const other = await database.openAnother();
    const received: string[] = [];
    const stop = await database.listen('pagamentos', (payload) => received.push(payload));
    try {
      await inTransaction(other.db, async (tx) => notify(tx, 'pagamentos', 'confirmado-1'));
      await expect(
        inTransaction(other.db, async (tx) => {
          await notify(tx, 'pagamentos', 'desfeito');
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await notify(other.db, 'outro-canal', 'ignorado');
      await notify(other.db, 'pagamentos', 'confirmado-2');
      await expect
        .poll(() => received, { timeout: 5000 })
        .toEqual(['confirmado-1', 'confirmado-2']);
    } finally {
      await stop();
      await other.close();
    }
  });
});
