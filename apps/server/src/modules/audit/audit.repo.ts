import { type Identity, namesOwnedAddress, scrub } from '@/db/personal-traces';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { auditLog } from '@/db/schema';

export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export async function insertAuditEntry(db: Database, entry: NewAuditEntry) {
  await db.insert(auditLog).values(entry);
}

export async function listAuditEntries(
  db: Database,
  filter: { before?: number; action?: string; target?: string },
  limit: number,
) {
  const conditions: SQL[] = [];
  if (filter.before) conditions.push(lt(auditLog.id, filter.before));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.target) conditions.push(eq(auditLog.target, filter.target));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
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
