import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type SandboxChargeRow, sandboxCharges } from '@/db/schema';

export async function insertSandboxCharge(
  db: Database,
  values: typeof sandboxCharges.$inferInsert,
): Promise<SandboxChargeRow> {
  const [row] = await db.insert(sandboxCharges).values(values).returning();
  return row!;
}

export async function findSandboxCharge(db: Database, id: string) {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
  return row;
}

/** Moves a charge from one of `from` to `to`, in one statement; undefined when it was elsewhere. */
export async function moveSandboxCharge(
  db: Database,
  id: string,
  from: SandboxChargeRow['status'][],
  to: SandboxChargeRow['status'],
) {
  const [row] = await db
    .update(sandboxCharges)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === 'approved' ? { approvedAt: sql`now()` } : {}),
    })
    .where(and(eq(sandboxCharges.id, id), inArray(sandboxCharges.status, from)))
    .returning();
  return row;
}
