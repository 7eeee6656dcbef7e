import { and, asc, count, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
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

/** An address the account had, and when; `until` null: it is the current one. */
export interface OwnedAddress {
  email: string;
  from: Date;
  until: Date | null;
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

export interface Identity {
  id: string;
  name: string;
  owned: OwnedAddress[];
  /** Addresses it asked to change to and never confirmed: never its own, but mailed for it. */
  requested: string[];
  /** A regular expression (PostgreSQL's) matching the name as a whole word. */
  namePattern: string;
}

const allAddresses = (who: Identity) => [
  ...who.owned.map((address) => address.email),
  ...who.requested,
];

/**
 * The address as a whole, in PostgreSQL's regular expressions (used case-insensitively): not the
 * end of a longer one (`joana@x.com` for `ana@x.com`) nor the start of one (`ana@x.com.br`).
 */
function addressPattern(email: string) {
  const escaped = email.replace(/[^\p{L}\p{N}]/gu, (char) => `\\${char}`);
  return `(?<![[:alnum:]._%+-])${escaped}(?![[:alnum:]_-]|\\.[[:alnum:]])`;
}

const replaceAll = (text: SQL, pattern: string, by: string) =>
  sql`regexp_replace(${text}, ${pattern}, ${by}, 'gi')`;

/** `text` names the address (a plain search first spares the regular expression most rows). */
const names = (text: SQL, email: string) =>
  sql`(strpos(lower(${text}), ${email.toLowerCase()}) > 0 and ${text} ~* ${addressPattern(email)})`;

/** Every address, its `name <address>` label, the id and the name, replaced by the pseudonym. */
function scrub(who: Identity, column: SQL, pseudonym: string) {
  let text = column;
  for (const email of allAddresses(who)) {
    // `***=`: the rest of the pattern is a literal string.
    text = replaceAll(text, `***=${who.name} <${email}>`, pseudonym);
    text = replaceAll(text, addressPattern(email), pseudonym);
  }
  text = replaceAll(text, `***=${who.id}`, pseudonym);
  return sql`regexp_replace(${text}, ${who.namePattern}, ${pseudonym}, 'g')`;
}

/**
 * True where `text` (written at `at`) names one of the account's addresses while it was the
 * account's: an address another account had before or after it names that account, and stays.
 */
function namesOwnedAddress(who: Identity, text: SQL, at: SQL) {
  const spans = who.owned.map(
    (address) => sql`(${names(text, address.email)}
      and ${at} >= ${address.from.toISOString()}::timestamptz
      ${address.until ? sql`and ${at} <= ${address.until.toISOString()}::timestamptz` : sql``})`,
  );
  return sql`(${sql.join(spans, sql` or `)})`;
}

/**
 * The audit trail is kept, but what it says about the account now names the pseudonym: rows about
 * it (by id, by a help message or report of its own, or naming an address while it was its own)
 * get every address, the label, the id and the name replaced in every text column and in the
 * details.
 */
export async function pseudonymiseAuditLog(
  db: Database,
  who: Identity,
  supportIds: string[],
  pseudonym: string,
) {
  const everything = sql`concat_ws(' ', actor_label, target, summary, details::text)`;
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
      actor_label = ${scrub(who, sql`actor_label`, pseudonym)},
      target = ${scrub(who, sql`target`, pseudonym)},
      summary = ${scrub(who, sql`summary`, pseudonym)},
      details = (${scrub(who, sql`details::text`, pseudonym)})::jsonb
    where strpos(${everything}, ${who.id}) > 0
      or ${namesOwnedAddress(who, everything, sql`at`)}
      ${aboutSupport}`);
}

/** Operator commands keep their record; the address typed in their arguments does not stay. */
export async function pseudonymiseOperatorRuns(db: Database, who: Identity, pseudonym: string) {
  let args = sql`args::text`;
  for (const email of allAddresses(who)) args = replaceAll(args, addressPattern(email), pseudonym);
  await db.execute(sql`
    update operator_runs set args = (${replaceAll(args, `***=${who.id}`, pseudonym)})::jsonb
    where strpos(args::text, ${who.id}) > 0
      or ${namesOwnedAddress(who, sql`args::text`, sql`started_at`)}`);
}

/**
 * Rate-limit counters keyed by the id or by an address while it was the account's, and the
 * development outbox's messages that name any of its addresses (mail about the account sent to
 * others, such as the team's inbox, too).
 */
export async function deleteUnlinkedTraces(db: Database, who: Identity) {
  await db.execute(sql`
    delete from rate_limits
    where strpos(key, ${who.id}) > 0
      or ${namesOwnedAddress(who, sql`key`, sql`window_started_at`)}`);
  const mail = sql`concat_ws(' ', "to", subject, "text", html)`;
  const naming = allAddresses(who).map((email) => names(mail, email));
  await db.execute(sql`delete from outbox_messages where ${sql.join(naming, sql` or `)}`);
}

/** The rest of the account's data goes with its row (foreign keys cascade or set null). */
export async function deleteUserRow(db: Database, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
