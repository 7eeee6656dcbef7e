import { and, count, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { actionCodes, errorReports, helpRequests, purchases, users } from '@/db/schema';

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

/** The purchases outlive the account under the pseudonym; returns how many there are. */
export async function pseudonymisePurchases(db: Database, userId: string, pseudonym: string) {
  await db
    .update(purchases)
    .set({ accountPseudonym: pseudonym, updatedAt: new Date() })
    .where(eq(purchases.userId, userId));
  const [row] = await db
    .select({ total: count() })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  return row?.total ?? 0;
}

/** Ids of the account's help messages and error reports, which audit details refer to. */
export async function supportIdsOf(db: Database, userId: string) {
  const [help, reports] = await Promise.all([
    db.select({ id: helpRequests.id }).from(helpRequests).where(eq(helpRequests.userId, userId)),
    db.select({ id: errorReports.id }).from(errorReports).where(eq(errorReports.userId, userId)),
  ]);
  return [...help, ...reports].map((row) => row.id);
}

export interface Identity {
  id: string;
  email: string;
  /** `name <email>`, as the audit trail labels an account. */
  label: string;
  /** A regular expression (PostgreSQL's) matching the name as a whole word. */
  namePattern: string;
}

/**
 * The audit trail is kept, but what it says about the account now names the pseudonym: rows about
 * it (by id, address, or a help message or report of its own) get the label, address, id and name
 * replaced in every text column and in the details.
 */
export async function pseudonymiseAuditLog(
  db: Database,
  who: Identity,
  supportIds: string[],
  pseudonym: string,
) {
  const scrub = (column: SQL) =>
    sql`regexp_replace(
          replace(replace(replace(${column}, ${who.label}, ${pseudonym}), ${who.email}, ${pseudonym}),
            ${who.id}, ${pseudonym}),
          ${who.namePattern}, ${pseudonym}, 'g')`;
  const mentions = (column: SQL) =>
    sql`(strpos(${column}, ${who.email}) > 0 or strpos(${column}, ${who.id}) > 0)`;
  const ids = sql.join(
    supportIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const aboutSupport =
    supportIds.length > 0
      ? sql`or details->>'requestId' in (${ids}) or details->>'reportId' in (${ids})`
      : sql``;
  await db.execute(sql`
    update audit_log set
      actor_label = ${scrub(sql`actor_label`)},
      target = ${scrub(sql`target`)},
      summary = ${scrub(sql`summary`)},
      details = (${scrub(sql`details::text`)})::jsonb
    where ${mentions(sql`coalesce(target, '')`)} or ${mentions(sql`summary`)}
      or ${mentions(sql`coalesce(details::text, '')`)} or ${mentions(sql`actor_label`)}
      ${aboutSupport}`);
}

/** Operator commands keep their record; the address typed in their arguments does not stay. */
export async function pseudonymiseOperatorRuns(db: Database, who: Identity, pseudonym: string) {
  await db.execute(sql`
    update operator_runs
    set args = replace(replace(args::text, ${who.email}, ${pseudonym}), ${who.id}, ${pseudonym})::jsonb
    where strpos(args::text, ${who.email}) > 0 or strpos(args::text, ${who.id}) > 0`);
}

/** Rate-limit counters keyed by the address or the id, and kept mail that names the address. */
export async function deleteUnlinkedTraces(db: Database, who: Identity) {
  await db.execute(sql`
    delete from rate_limits where strpos(key, ${who.email}) > 0 or strpos(key, ${who.id}) > 0`);
  // The dev outbox also keeps mail about the account sent to others (the team's inbox).
  await db.execute(sql`
    delete from outbox_messages
    where strpos("to" || subject || "text" || html, ${who.email}) > 0`);
}

/** The rest of the account's data goes with its row (foreign keys cascade or set null). */
export async function deleteUserRow(db: Database, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
