import { lt, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { examIndexSnapshots } from '@/db/schema';

export async function deleteSnapshotsBefore(db: Database, version: number) {
  await db.delete(examIndexSnapshots).where(lt(examIndexSnapshots.catalogVersion, version));
}

export async function insertSnapshot(db: Database, version: number, data: Buffer) {
  await db
    .insert(examIndexSnapshots)
    .values({ catalogVersion: version, data })
    .onConflictDoNothing();
}

/** The snapshot's size in bytes; null: none for this version. */
export async function snapshotSize(db: Database, version: number): Promise<number | null> {
  const [found] = await executeRows<{ size: number }>(
    db,
    sql`select octet_length(data) as size from exam_index_snapshots
        where catalog_version = ${version}`,
  );
  return found?.size ?? null;
}

/** `length` bytes of the snapshot from `at` (0-based); null: deleted meanwhile. */
export async function snapshotSlice(
  db: Database,
  version: number,
  at: number,
  length: number,
): Promise<Uint8Array | null> {
  const [slice] = await executeRows<{ bytes: Uint8Array }>(
    db,
    sql`select substring(data from ${at + 1} for ${length}) as bytes
        from exam_index_snapshots where catalog_version = ${version}`,
  );
  return slice?.bytes ?? null;
}
