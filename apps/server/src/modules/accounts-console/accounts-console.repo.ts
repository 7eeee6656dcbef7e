import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  entitlements,
  errorReports,
  helpRequests,
  purchases,
  questionHistory,
  sessions,
  users,
} from '@/db/schema';

/** `%`, `_` and `\` typed in the search box are searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts whose e-mail or name contains `query`, newest first, after the cursor account. */
export async function searchAccounts(
  db: Database,
  filter: { query?: string; before?: string },
  limit: number,
) {
  const conditions: SQL[] = [];
  const query = filter.query?.trim();
  if (query) {
    const pattern = likePattern(query.toLowerCase());
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern))!);
  }
  if (filter.before) {
    conditions.push(
      sql`(${users.createdAt}, ${users.id}) < (select u.created_at, u.id from users u where u.id = ${filter.before})`,
    );
  }
  return db
    .select({
      user: users,
      premiumUntil: entitlements.premiumUntil,
      premiumStartedAt: entitlements.premiumStartedAt,
    })
    .from(users)
    .leftJoin(entitlements, eq(entitlements.userId, users.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function findAccount(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function purchasesOf(db: Database, userId: string) {
  return db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt))
    .limit(100);
}

const countOf = (table: SQL) => sql<number>`(${table})::int`.mapWith(Number);

export async function accountCounts(db: Database, userId: string) {
  const [row] = await db
    .select({
      answers: countOf(
        sql`select count(*) from ${questionHistory} where ${questionHistory.userId} = ${userId} and ${questionHistory.response} is not null`,
      ),
      errorReports: countOf(
        sql`select count(*) from ${errorReports} where ${errorReports.userId} = ${userId}`,
      ),
      helpRequests: countOf(
        sql`select count(*) from ${helpRequests} where ${helpRequests.userId} = ${userId}`,
      ),
      liveSessions: countOf(
        sql`select count(*) from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.expiresAt} > now()`,
      ),
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** Sets or lifts the block; returns false when the account was already in that state. */
export async function setBlocked(
  db: Database,
  userId: string,
  block: { at: Date; reason: string } | null,
) {
  const rows = await db
    .update(users)
    .set({
      blockedAt: block?.at ?? null,
      blockedReason: block?.reason ?? null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(users.id, userId),
        block ? sql`${users.blockedAt} is null` : sql`${users.blockedAt} is not null`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
