import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { chatMessages } from '@/db/schema';

/** Keeps one finished exchange of a user's chat about a question: their message, then the reply. */
export async function insertChatExchange(
  db: Database,
  exchange: { userId: string; questionId: string; message: string; reply: string },
) {
  const { userId, questionId } = exchange;
  // One statement: the bigserial ids keep the message before its reply.
  await db.insert(chatMessages).values([
    { userId, questionId, role: 'user', content: exchange.message },
    { userId, questionId, role: 'model', content: exchange.reply },
  ]);
}

/** The last `limit` turns of a user's chat about a question, oldest first. */
export async function listChatTurns(
  db: Database,
  userId: string,
  questionId: string,
  limit: number,
) {
  const rows = await db
    .select({ role: chatMessages.role, text: chatMessages.content, at: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.questionId, questionId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Removes chat turns written before `cutoff` (retention). */
export async function purgeChatMessagesBefore(db: Database, cutoff: Date) {
  const rows = await db
    .delete(chatMessages)
    .where(lt(chatMessages.createdAt, cutoff))
    .returning({ id: chatMessages.id });
  return rows.length;
}
