import { and, desc, eq, lt, max, min } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { chatMessages } from '@/db/schema';

/**
 * Keeps one finished exchange of a user's chat about a question: their message, then the reply,
 * dated now or at `at`.
 */
export async function insertChatExchange(
  db: Database,
  exchange: { userId: string; questionId: string; message: string; reply: string; at?: Date },
) {
  const { userId, questionId, at } = exchange;
  const dated = at ? { createdAt: at } : {};
  // One statement: the bigserial ids keep the message before its reply.
  await db.insert(chatMessages).values([
    { userId, questionId, role: 'user', content: exchange.message, ...dated },
    { userId, questionId, role: 'model', content: exchange.reply, ...dated },
  ]);
}

/** When a user's kept chat about a question began and when its last turn was kept. */
export async function keptChatSpan(db: Database, userId: string, questionId: string) {
  const [row] = await db
    .select({ first: min(chatMessages.createdAt), last: max(chatMessages.createdAt) })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.questionId, questionId)));
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** The texts of the last `limit` replies kept before `before` in a user's chat about a question. */
export async function keptRepliesBefore(
  db: Database,
  userId: string,
  questionId: string,
  before: Date,
  limit: number,
) {
  const rows = await db
    .select({ text: chatMessages.content })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        eq(chatMessages.questionId, questionId),
        eq(chatMessages.role, 'model'),
        lt(chatMessages.createdAt, before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.map((row) => row.text);
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
