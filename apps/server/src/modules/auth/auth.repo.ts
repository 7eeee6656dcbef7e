import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  actionCodes,
  entitlements,
  oauthStates,
  previousEmails,
  sessions,
  trustedBrowsers,
  userPhotos,
  users,
} from '@/db/schema';

export type NewUser = typeof users.$inferInsert;
export type ActionMode = (typeof actionCodes.$inferInsert)['mode'];

export async function findUserByEmail(db: Database, provider: NewUser['provider'], email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.provider, provider), eq(users.email, email)));
  return user;
}

export async function findUserByGoogleSubject(db: Database, subject: string) {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return user;
}

/** A new account is free: it has no entitlements row until a plan is granted. */
export async function insertUser(db: Database, values: NewUser) {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function updateUser(db: Database, id: string, values: Partial<NewUser>) {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return user;
}

/**
 * Gives the account another address (and `values`), keeping the one it replaces in previous_emails
 * with the time it was the account's (docs/product-rules.md, "Deleting the account"). Run it in
 * the caller's transaction, so both happen or neither does.
 */
export async function replaceUserEmail(
  db: Database,
  id: string,
  email: string,
  values: Partial<NewUser> = {},
) {
  await db.execute(sql`
    insert into ${previousEmails} (user_id, email, used_from)
    select u.id, u.email,
      coalesce((select max(p.used_until) from ${previousEmails} p where p.user_id = u.id), u.created_at)
    from ${users} u
    where u.id = ${id} and u.email <> ${email}`);
  return updateUser(db, id, { ...values, email });
}

export async function deleteUser(db: Database, id: string) {
  await db.delete(users).where(eq(users.id, id));
}

export async function insertSession(
  db: Database,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(sessions).values(values);
}

/**
 * The live sessions of a list of token hashes (`hashes`), with their users and plans: a statement
 * prepared once per database, as it runs on almost every request.
 */
export function prepareFindLiveSessions(db: Database) {
  return db
    .select({
      session: sessions,
      user: users,
      entitlement: entitlements,
      photoVersion: userPhotos.version,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(entitlements, eq(entitlements.userId, users.id))
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`,
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('find_live_sessions');
}

/** Slides the expiry and records the visit, at most once per `throttleSeconds`. */
export async function touchSession(
  db: Database,
  sessionId: string,
  userId: string,
  expiresAt: Date,
  throttleSeconds: number,
) {
  const touched = await db
    .update(sessions)
    .set({ expiresAt, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${throttleSeconds}::int)`),
      ),
    )
    .returning({ id: sessions.id });
  if (touched.length > 0) {
    await db
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  return touched.length > 0;
}

export async function deleteSession(db: Database, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function insertActionCode(
  db: Database,
  values: {
    userId: string;
    mode: ActionMode;
    codeHash: string;
    expiresAt: Date;
    newEmail?: string;
  },
) {
  await db.insert(actionCodes).values(values);
}

export async function findActionCode(db: Database, codeHash: string, mode: ActionMode) {
  const [row] = await db
    .select({ code: actionCodes, user: users })
    .from(actionCodes)
    .innerJoin(users, eq(users.id, actionCodes.userId))
    .where(and(eq(actionCodes.codeHash, codeHash), eq(actionCodes.mode, mode)));
  return row;
}

/** Uses up every open code of this kind of the user (a new password makes old reset links void). */
export async function revokeOpenActionCodes(db: Database, userId: string, mode: ActionMode) {
  await db
    .update(actionCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(actionCodes.userId, userId), eq(actionCodes.mode, mode), isNull(actionCodes.usedAt)),
    );
}

/** Marks the code used; false when someone used it first (single use, even under races). */
export async function consumeActionCode(db: Database, id: string) {
  const used = await db
    .update(actionCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(actionCodes.id, id), isNull(actionCodes.usedAt)))
    .returning({ id: actionCodes.id });
  return used.length === 1;
}

export async function insertOauthState(db: Database, values: typeof oauthStates.$inferInsert) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
  await db.insert(oauthStates).values(values);
}

/** Takes (reads and deletes) a pending sign-in, so a state works once. */
export async function takeOauthState(db: Database, stateHash: string) {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Remembers that this browser signed in to this account. */
export async function trustBrowser(db: Database, tokenHash: string, userId: string) {
  await db
    .insert(trustedBrowsers)
    .values({ tokenHash, userId })
    .onConflictDoUpdate({
      target: [trustedBrowsers.tokenHash, trustedBrowsers.userId],
      set: { lastUsedAt: sql`now()` },
    });
}

export async function isTrustedBrowser(db: Database, tokenHash: string, userId: string) {
  const [row] = await db
    .select({ userId: trustedBrowsers.userId })
    .from(trustedBrowsers)
    .where(and(eq(trustedBrowsers.tokenHash, tokenHash), eq(trustedBrowsers.userId, userId)));
  return Boolean(row);
}

/**
 * The daily retention of sign-in records (docs/product-rules.md, "Personal data and the LGPD"):
 * sessions past their expiry, links and codes a week after they expired (until then a verification
 * link reopened after it worked or expired still says the address is verified), unfinished Google
 * sign-ins, browsers unused for 400 days. Counts what each removed.
 */
export async function purgeAuthRecordsAt(db: Database, now: Date) {
  const weekBefore = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const removedSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const removedCodes = await db
    .delete(actionCodes)
    .where(lt(actionCodes.expiresAt, weekBefore))
    .returning({ id: actionCodes.id });
  const removedStates = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, now))
    .returning({ id: oauthStates.stateHash });
  const removedBrowsers = await db
    .delete(trustedBrowsers)
    .where(lt(trustedBrowsers.lastUsedAt, new Date(now.getTime() - 400 * 24 * 60 * 60 * 1000)))
    .returning({ id: trustedBrowsers.tokenHash });
  return {
    sessions: removedSessions.length,
    actionCodes: removedCodes.length,
    oauthStates: removedStates.length,
    trustedBrowsers: removedBrowsers.length,
  };
}
