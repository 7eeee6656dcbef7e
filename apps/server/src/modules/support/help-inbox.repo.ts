import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { HelpRequestStatus } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { entitlements, helpReplies, helpRequests, users } from '@/db/schema';

export interface HelpInboxFilter {
  status?: HelpRequestStatus;
  search?: string;
}

const SNIPPET_LENGTH = 160;

/** `%` and `_` typed by support are meant literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(
    ilike(helpRequests.userEmail, pattern),
    ilike(helpRequests.userName, pattern),
    ilike(helpRequests.message, pattern),
  );
}

/** Newest first; `before` continues after that message. */
export async function helpInbox(
  db: Database,
  filter: HelpInboxFilter,
  before: string | undefined,
  limit: number,
) {
  const where: (SQL | undefined)[] = [searchCondition(filter.search)];
  if (filter.status) where.push(eq(helpRequests.status, filter.status));
  if (before) {
    where.push(
      sql`(${helpRequests.createdAt}, ${helpRequests.id}) < (select created_at, id from help_requests where id = ${before})`,
    );
  }
  return db
    .select({
      id: helpRequests.id,
      name: helpRequests.userName,
      email: helpRequests.userEmail,
      snippet: sql<string>`left(${helpRequests.message}, ${SNIPPET_LENGTH})`,
      status: helpRequests.status,
      createdAt: helpRequests.createdAt,
      // Qualified by hand: drizzle leaves a single table's columns unqualified.
      replies: sql<number>`(select count(*) from help_replies r
        where r.request_id = help_requests.id)::int`.mapWith(Number),
    })
    .from(helpRequests)
    .where(and(...where))
    .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
    .limit(limit);
}

/** Messages per status under the search. */
export async function helpInboxCounts(db: Database, search: string | undefined) {
  return db
    .select({ status: helpRequests.status, total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(helpRequests)
    .where(searchCondition(search))
    .groupBy(helpRequests.status);
}

export async function findHelpRequest(db: Database, id: string) {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.id, id));
  return row;
}

/** The thread, oldest first. */
export async function repliesOf(db: Database, requestId: string) {
  return db
    .select()
    .from(helpReplies)
    .where(eq(helpReplies.requestId, requestId))
    .orderBy(asc(helpReplies.sentAt), asc(helpReplies.id));
}

/** The sender's account with its plan columns, when it still exists. */
export async function senderAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      blockedAt: users.blockedAt,
      createdAt: users.createdAt,
      premiumUntil: entitlements.premiumUntil,
      premiumStartedAt: entitlements.premiumStartedAt,
    })
    .from(users)
    .leftJoin(entitlements, eq(entitlements.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function insertHelpReply(db: Database, values: typeof helpReplies.$inferInsert) {
  await db.insert(helpReplies).values(values);
}

export async function setHelpRequestStatus(db: Database, id: string, status: HelpRequestStatus) {
  await db
    .update(helpRequests)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(helpRequests.id, id));
}
