import type { Database } from '@/db/client';
import { bumpCatalogVersion, readCatalogVersion } from './catalog-version.repo';

/**
 * Marks the catalogue changed, in the caller's transaction: when it commits, every instance's
 * caches and exam index reload (docs/decisions/009-hot-path-caches.md). Whoever writes questions,
 * exams or images calls it; returns the new catalogue version.
 */
export function recordCatalogChange(tx: Database): Promise<number> {
  return bumpCatalogVersion(tx);
}

/** The catalogue's current version (it changes with every recordCatalogChange). */
export function currentCatalogVersion(db: Database): Promise<number> {
  return readCatalogVersion(db);
}
