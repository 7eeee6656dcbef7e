import type { Database } from '@/db/client';
import { consumeActionCode, insertActionCode, revokeOpenActionCodes } from './auth.repo';

/**
 * A new one-time code of the account for `values.mode` (its hash, and when it expires), in place of
 * any still open for that mode: what another module mails itself (the deletion's 6 digits).
 */
export async function issueActionCode(
  db: Database,
  values: Parameters<typeof insertActionCode>[1],
) {
  await revokeOpenActionCodes(db, values.userId, values.mode);
  await insertActionCode(db, values);
}

/** Marks the code used, in the caller's transaction; false when it was used meanwhile. */
export function useActionCode(tx: Database, codeId: string): Promise<boolean> {
  return consumeActionCode(tx, codeId);
}
