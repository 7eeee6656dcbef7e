// Where an account's traces are found in text columns that do not reference it (the audit log,
// operator runs, rate-limit keys, the development outbox), and how they are replaced: the SQL the
// modules' erase steps share (lib/personal-data.ts, docs/product-rules.md, "Deleting the account").
import { type SQL, sql } from 'drizzle-orm';

/** An address the account had, and when; `until` null: it is the current one. */
export interface OwnedAddress {
  email: string;
  from: Date;
  until: Date | null;
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

export const allAddresses = (who: Identity) => [
  ...who.owned.map((address) => address.email),
  ...who.requested,
];

/**
 * The address as a whole, in PostgreSQL's regular expressions (used case-insensitively): not the
 * end of a longer one (`joana@x.com` for `ana@x.com`) nor the start of one (`ana@x.com.br`).
 */
export function addressPattern(email: string) {
  const escaped = email.replace(/[^\p{L}\p{N}]/gu, (char) => `\\${char}`);
  return `(?<![[:alnum:]._%+-])${escaped}(?![[:alnum:]_-]|\\.[[:alnum:]])`;
}

export const replaceAll = (text: SQL, pattern: string, by: string) =>
  sql`regexp_replace(${text}, ${pattern}, ${by}, 'gi')`;

/** `text` names the address (a plain search first spares the regular expression most rows). */
export const names = (text: SQL, email: string) =>
  sql`(strpos(lower(${text}), ${email.toLowerCase()}) > 0 and ${text} ~* ${addressPattern(email)})`;

/** Every address, its `name <address>` label, the id and the name, replaced by the pseudonym. */
export function scrub(who: Identity, column: SQL, pseudonym: string) {
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
export function namesOwnedAddress(who: Identity, text: SQL, at: SQL) {
  const spans = who.owned.map(
    (address) => sql`(${names(text, address.email)}
      and ${at} >= ${address.from.toISOString()}::timestamptz
      ${address.until ? sql`and ${at} <= ${address.until.toISOString()}::timestamptz` : sql``})`,
  );
  return sql`(${sql.join(spans, sql` or `)})`;
}
