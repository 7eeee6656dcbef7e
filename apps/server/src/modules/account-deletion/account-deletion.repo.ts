import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { OwnedAddress } from '@/db/personal-traces';
import {
  actionCodes,
  errorReports,
  helpRequests,
  previousEmails,
  purchases,
  users,
} from '@/db/schema';

/** A live deletion code of the account with this hash, if any. */
export async function findLiveDeletionCode(db: Database, userId: string, codeHash: string) {
  const [row] = await db
    .select({ id: actionCodes.id })
    .from(actionCodes)
    .where(
      and(
        eq(actionCodes.userId, userId),
        eq(actionCodes.mode, 'deleteAccount'),
        eq(actionCodes.codeHash, codeHash),
        isNull(actionCodes.usedAt),
        gt(actionCodes.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** A PIX charge of the account that can still be paid. */
export async function hasPayablePurchase(db: Database, userId: string) {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'pending'),
        gt(purchases.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Holds the account's row until the deletion commits (a purchase started meanwhile waits). */
export async function lockUser(db: Database, userId: string) {
  await db.execute(sql`select id from ${users} where id = ${userId} for update`);
}

/** Ids of the account's help messages and error reports, which audit details refer to. */
export async function supportIdsOf(db: Database, userId: string) {
  const [help, reports] = await Promise.all([
    db.select({ id: helpRequests.id }).from(helpRequests).where(eq(helpRequests.userId, userId)),
    db.select({ id: errorReports.id }).from(errorReports).where(eq(errorReports.userId, userId)),
  ]);
  return [...help, ...reports].map((row) => row.id);
}

/**
 * Every address the account had, each with the time it was the account's, and those it asked to
 * change to without confirming (docs/product-rules.md, "Deleting the account").
 */
export async function addressesOf(
  db: Database,
  user: { id: string; email: string; createdAt: Date },
): Promise<{ owned: OwnedAddress[]; requested: string[] }> {
  const [previous, asked] = await Promise.all([
    db
      .select({
        email: previousEmails.email,
        from: previousEmails.usedFrom,
        until: previousEmails.usedUntil,
      })
      .from(previousEmails)
      .where(eq(previousEmails.userId, user.id))
      .orderBy(asc(previousEmails.usedUntil)),
    db
      .selectDistinct({ email: actionCodes.newEmail })
      .from(actionCodes)
      .where(and(eq(actionCodes.userId, user.id), isNotNull(actionCodes.newEmail))),
  ]);
  const current = {
    email: user.email,
    from: previous.at(-1)?.until ?? user.createdAt,
    until: null,
  };
  const owned = [...previous, current];
  const requested = asked
    .map((row) => row.email!)
    .filter((email) => !owned.some((address) => address.email === email));
  return { owned, requested };
}

/** The rest of the account's data goes with its row (foreign keys cascade or set null). */
export async function deleteUserRow(db: Database, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
