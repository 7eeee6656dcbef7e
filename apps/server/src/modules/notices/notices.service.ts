import type { Database } from '@/db/client';
import { insertNotices, markSeen, unseenNotices } from './notices.repo';

const SHOWN_AT_ONCE = 20;

/** One user's notices (docs/product-rules.md, "Definitive answer key"): shown until dismissed. */
export function createNoticesService(db: Database) {
  return {
    async unseen(userId: string) {
      const rows = await unseenNotices(db, userId, SHOWN_AT_ONCE);
      return {
        notices: rows.map((row) => ({
          id: row.id,
          text: row.text,
          link: row.link,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
    dismiss: (userId: string, ids: number[]) => markSeen(db, userId, ids),
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;

/**
 * Posts notices to users in the caller's transaction (the definitive key's changes of verdict):
 * they appear once it commits.
 */
export function postNotices(tx: Database, notices: Parameters<typeof insertNotices>[1]) {
  return insertNotices(tx, notices);
}
