import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { dataExports } from '@/db/schema';

/** Everything but the file itself. */
const summary = {
  id: dataExports.id,
  userId: dataExports.userId,
  status: dataExports.status,
  requestedAt: dataExports.requestedAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  sizeBytes: dataExports.sizeBytes,
};

export type DataExportSummary = {
  id: string;
  userId: string;
  status: 'building' | 'ready' | 'failed';
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  sizeBytes: number | null;
};

/** Holds the account's exports still until the transaction ends (two clicks start one build). */
export async function lockAccountExports(tx: Database, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`export:${userId}`}, 0))`);
}

/** The account's newest build started after `since`, if one is still running. */
export async function runningBuild(
  db: Database,
  userId: string,
  since: Date,
): Promise<DataExportSummary | undefined> {
  const [row] = await db
    .select(summary)
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'building'),
        gt(dataExports.requestedAt, since),
      ),
    )
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row;
}

export async function insertBuild(db: Database, userId: string): Promise<DataExportSummary> {
  const [row] = await db.insert(dataExports).values({ userId }).returning(summary);
  return row!;
}

/** Stores the file of a build still running; false when it no longer is (abandoned at close). */
export async function completeBuild(
  db: Database,
  id: string,
  file: { content: Buffer; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({
      status: 'ready',
      content: file.content,
      sizeBytes: file.content.length,
      readyAt: file.readyAt,
      expiresAt: file.expiresAt,
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function failBuilds(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(inArray(dataExports.id, ids), eq(dataExports.status, 'building')));
}

/**
 * The account's exports worth showing, newest first: ready ones until they expire, building and
 * failed ones asked for after `recentSince`.
 */
export async function listedExports(
  db: Database,
  userId: string,
  now: Date,
  recentSince: Date,
  limit: number,
): Promise<DataExportSummary[]> {
  return db
    .select(summary)
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        or(
          and(eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, now)),
          and(ne(dataExports.status, 'ready'), gt(dataExports.requestedAt, recentSince)),
        ),
      ),
    )
    .orderBy(desc(dataExports.requestedAt))
    .limit(limit);
}

/** An export of this account with its file; another account's is as absent as a missing one. */
export async function ownExportFile(db: Database, id: string, userId: string) {
  const [row] = await db
    .select({ ...summary, content: dataExports.content })
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row;
}

/**
 * Data exports past their expiry, and ones that failed or never finished building (the builder
 * died) a day after they were asked for.
 */
export async function purgeDataExportsAt(db: Database, now: Date) {
  const dayBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(dataExports)
    .where(
      or(
        lt(dataExports.expiresAt, now),
        and(
          inArray(dataExports.status, ['building', 'failed']),
          lt(dataExports.requestedAt, dayBefore),
        ),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}
