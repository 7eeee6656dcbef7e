import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { userNotices } from '@/db/schema';

export type NewNotice = { userId: string; text: string; link: string | null };

export async function insertNotices(db: Database, notices: NewNotice[]) {
  if (notices.length > 0) await db.insert(userNotices).values(notices);
}

export async function unseenNotices(db: Database, userId: string, limit: number) {
  return db
    .select()
    .from(userNotices)
    .where(and(eq(userNotices.userId, userId), isNull(userNotices.seenAt)))
    .orderBy(desc(userNotices.id))
    .limit(limit);
}

export async function markSeen(db: Database, userId: string, ids: number[]) {
  await db
    .update(userNotices)
    .set({ seenAt: sql`now()` })
    .where(
      and(eq(userNotices.userId, userId), inArray(userNotices.id, ids), isNull(userNotices.seenAt)),
    );
}
