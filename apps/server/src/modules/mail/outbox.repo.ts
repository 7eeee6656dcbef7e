import { allAddresses, type Identity, names } from '@/db/personal-traces';
import { desc, lt, sql } from 'drizzle-orm';
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

/**
 * The development outbox's messages that name any of the account's addresses (mail about the
 * account sent to others, such as the team's inbox, too).
 */
export async function deleteMessagesNaming(db: Database, who: Identity) {
  const mail = sql`concat_ws(' ', "to", subject, "text", html)`;
  const naming = allAddresses(who).map((email) => names(mail, email));
  await db.execute(sql`delete from outbox_messages where ${sql.join(naming, sql` or `)}`);
}
