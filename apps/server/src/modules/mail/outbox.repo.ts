import { desc, lt } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import type { MailMessage } from './mailer';

export async function insertOutboxMessage(db: Database, message: MailMessage) {
  await db.insert(outboxMessages).values(message);
}

export async function listOutboxMessages(db: Database, limit = 50) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
}

/** Removes development outbox messages written before `cutoff` (retention). */
export async function purgeOutboxBefore(db: Database, cutoff: Date) {
  const rows = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.createdAt, cutoff))
    .returning({ id: outboxMessages.id });
  return rows.length;
}
