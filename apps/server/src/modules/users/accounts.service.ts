import type { AccountProvider } from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { UserRow } from '@/db/schema';
import { findUsersByEmail, setRole } from './users.repo';
import { operatorErrors } from '@/lib/app-errors';

/** Account look-ups and changes made by operator commands. */
export function createAccountsService(db: Database) {
  return {
    findForOperator: (email: string, provider?: AccountProvider) =>
      findAccountForOperator(db, email, provider),
    giveRole: (user: UserRow, role: UserRow['role']) => setRole(db, user.id, role),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * The one account an operator means by an e-mail. A password account and a Google account may share
 * the address; then the provider has to be named.
 */
async function findAccountForOperator(
  db: Database,
  rawEmail: string,
  provider?: AccountProvider,
): Promise<UserRow> {
  const email = rawEmail.trim().toLowerCase();
  const accounts = (await findUsersByEmail(db, email)).filter(
    (account) => !provider || account.provider === provider,
  );
  if (accounts.length === 0) {
    throw operatorErrors.userNotFound(email);
  }
  if (accounts.length > 1) {
    throw operatorErrors.ambiguousUser(email);
  }
  return accounts[0]!;
}
