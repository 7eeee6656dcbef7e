import { type Database } from '@/db/client';
import { loadExamIndexRows } from './catalog.repo';
import { readCatalogVersion } from './catalog-version.repo';
import { createExamIndexBuilder, type ExamIndex } from './exam-index';
import { decodeExamIndex, encodeExamIndex } from './exam-index-snapshot';
import {
  deleteSnapshotsBefore,
  insertSnapshot,
  snapshotSize,
  snapshotSlice,
} from './exam-index.repo';

/** The exam index built from the catalogue's tables, a page of rows at a time. */
export async function buildExamIndex(db: Database): Promise<ExamIndex> {
  const builder = createExamIndexBuilder();
  return builder.finish(await loadExamIndexRows(db, builder));
}

/** Keeps the index of `version` for every instance, in place of any older one. */
export async function saveExamIndexSnapshot(db: Database, version: number, index: ExamIndex) {
  await deleteSnapshotsBefore(db, version);
  await insertSnapshot(db, version, encodeExamIndex(index));
}

/** Read in slices: the driver decodes each one at once, holding up the requests meanwhile. */
const SNAPSHOT_SLICE_BYTES = 2 ** 19;

async function readExamIndexSnapshot(db: Database, version: number) {
  const size = await snapshotSize(db, version);
  if (size === null) return null;
  const data = Buffer.alloc(size);
  for (let at = 0; at < size; at += SNAPSHOT_SLICE_BYTES) {
    const slice = await snapshotSlice(db, version, at, SNAPSHOT_SLICE_BYTES);
    // Deleted meanwhile by the save of a newer version: this one is being replaced.
    if (!slice) return null;
    data.set(slice, at);
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
