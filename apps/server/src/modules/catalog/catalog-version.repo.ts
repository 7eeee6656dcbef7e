import { eq, sql } from 'drizzle-orm';
import { type Database, notify } from '@/db/client';
import { catalogVersion } from '@/db/schema';

/** The NOTIFY channel of catalogue changes; the payload is the new version. */
export const CATALOG_CHANNEL = 'catalog_changed';

export async function readCatalogVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: catalogVersion.version })
    .from(catalogVersion)
    .where(eq(catalogVersion.id, 1));
  return row?.version ?? 0;
}

/** Bumps the version and wakes every instance, both when the caller's transaction commits. */
export async function bumpCatalogVersion(tx: Database): Promise<number> {
  const [row] = await tx
    .insert(catalogVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: catalogVersion.id,
      set: { version: sql`${catalogVersion.version} + 1`, changedAt: sql`now()` },
    })
    .returning({ version: catalogVersion.version });
  await notify(tx, CATALOG_CHANNEL, String(row!.version));
  return row!.version;
}
