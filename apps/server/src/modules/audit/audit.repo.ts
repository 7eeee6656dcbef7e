import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
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
