import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { consents } from '@/db/schema';

export type ConsentEntry = Pick<typeof consents.$inferInsert, 'document' | 'version'>;

/** Records each acceptance once: the same document and version again changes nothing. */
export async function insertConsents(db: Database, userId: string, entries: ConsentEntry[]) {
  if (entries.length === 0) return;
  await db
    .insert(consents)
    .values(entries.map((entry) => ({ userId, ...entry })))
    .onConflictDoNothing();
}

export function listConsents(db: Database, userId: string) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.acceptedAt), desc(consents.document));
}
