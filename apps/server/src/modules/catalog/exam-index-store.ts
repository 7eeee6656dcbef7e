import { lt, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { examIndexSnapshots } from '@/db/schema';
import { loadExamIndexRows } from './catalog.repo';
import { readCatalogVersion } from './catalog-version.repo';
import { createExamIndexBuilder, type ExamIndex } from './exam-index';
import { decodeExamIndex, encodeExamIndex } from './exam-index-snapshot';

/** The exam index built from the catalogue's tables, a page of rows at a time. */
export async function buildExamIndex(db: Database): Promise<ExamIndex> {
  const builder = createExamIndexBuilder();
  return builder.finish(await loadExamIndexRows(db, builder));
}

/** Keeps the index of `version` for every instance, in place of any older one. */
export async function saveExamIndexSnapshot(db: Database, version: number, index: ExamIndex) {
  await db.delete(examIndexSnapshots).where(lt(examIndexSnapshots.catalogVersion, version));
  await db
    .insert(examIndexSnapshots)
    .values({ catalogVersion: version, data: encodeExamIndex(index) })
    .onConflictDoNothing();
}

/** Read in slices: the driver decodes each one at once, holding up the requests meanwhile. */
const SNAPSHOT_SLICE_BYTES = 2 ** 19;

async function readExamIndexSnapshot(db: Database, version: number) {
  const [found] = await executeRows<{ size: number }>(
    db,
    sql`select octet_length(data) as size from exam_index_snapshots
        where catalog_version = ${version}`,
  );
  if (!found) return null;
  const data = Buffer.alloc(found.size);
  for (let at = 0; at < found.size; at += SNAPSHOT_SLICE_BYTES) {
    const [slice] = await executeRows<{ bytes: Uint8Array }>(
      db,
      sql`select substring(data from ${at + 1} for ${SNAPSHOT_SLICE_BYTES}) as bytes
          from exam_index_snapshots where catalog_version = ${version}`,
    );
    // Deleted meanwhile by the save of a newer version: this one is being replaced.
    if (!slice) return null;
    data.set(slice.bytes, at);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return decodeExamIndex(data);
}

/**
 * The exam index of the current catalogue version: read from its snapshot when an import (or
 * another instance) saved one, else built from the rows and saved for the others. A build is saved
 * only when no change committed while it read: its pages are not read in one transaction.
 */
export async function loadExamIndex(db: Database): Promise<ExamIndex> {
  const version = await readCatalogVersion(db);
  const saved = await readExamIndexSnapshot(db, version);
  if (saved) return saved;
  const index = await buildExamIndex(db);
  if ((await readCatalogVersion(db)) === version) {
    // Only a shortcut for the next instance: the index is served whether or not it is kept.
    await saveExamIndexSnapshot(db, version, index).catch(() => undefined);
  }
  return index;
}
