import {
  and,
  type AnyColumn,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  isNull,
  lt,
  sql,
} from 'drizzle-orm';
import type { AiFeature } from '@gabarita/shared';
import { type Database, executeRows } from '@/db/client';
import {
  operatorAiUsage,
  tokenDailyQuota,
  tokenPackageLots,
  tokenReservations,
  tokenUsage,
  tokenWallets,
} from '@/db/schema';
import type { ProcessIdentity } from '@/lib/process-identity';

export interface TokenPair {
  input: number;
  output: number;
}

/** A package is active while both sides are above zero (docs/product-rules.md, "AI tutor and tokens"). */
const packageActive = sql`${tokenWallets.packageInput} > 0 and ${tokenWallets.packageOutput} > 0`;

/**
 * Adds a package's tokens in one statement. The remains of an ended package (one side at zero) are
 * not added to the new one: that package was over.
 */
export async function addPackageTokens(db: Database, userId: string, tokens: TokenPair) {
  await db
    .insert(tokenWallets)
    .values({ userId, packageInput: tokens.input, packageOutput: tokens.output })
    .onConflictDoUpdate({
      target: tokenWallets.userId,
      set: {
        packageInput: sql`case when ${packageActive} then ${tokenWallets.packageInput} + ${tokens.input} else ${tokens.input} end`,
        packageOutput: sql`case when ${packageActive} then ${tokenWallets.packageOutput} + ${tokens.output} else ${tokens.output} end`,
        updatedAt: sql`now()`,
      },
    });
}

/** The packages whose tokens are still in the wallet, in the order they came in. */
export async function openLots(db: Database, userId: string) {
  return db
    .select({
      id: tokenPackageLots.id,
      purchaseId: tokenPackageLots.purchaseId,
      input: tokenPackageLots.input,
      output: tokenPackageLots.output,
    })
    .from(tokenPackageLots)
    .where(and(eq(tokenPackageLots.userId, userId), isNull(tokenPackageLots.closedAt)))
    .orderBy(asc(tokenPackageLots.id));
}

export async function insertLot(
  db: Database,
  lot: { userId: string; purchaseId: string | null; tokens: TokenPair },
) {
  await db.insert(tokenPackageLots).values({
    userId: lot.userId,
    purchaseId: lot.purchaseId,
    input: lot.tokens.input,
    output: lot.tokens.output,
  });
}

/** Closes one lot (refunded), or every open lot of the user (their package ended). */
export async function closeLots(db: Database, userId: string, lotId?: number) {
  await db
    .update(tokenPackageLots)
    .set({ closedAt: sql`now()` })
    .where(
      and(
        eq(tokenPackageLots.userId, userId),
        isNull(tokenPackageLots.closedAt),
        lotId === undefined ? undefined : eq(tokenPackageLots.id, lotId),
      ),
    );
}

export async function findPackageBalance(db: Database, userId: string): Promise<TokenPair | null> {
  const [row] = await db
    .select({ input: tokenWallets.packageInput, output: tokenWallets.packageOutput })
    .from(tokenWallets)
    .where(eq(tokenWallets.userId, userId));
  return row ?? null;
}

export type WalletRow = typeof tokenWallets.$inferSelect;
export type DailyQuotaRow = typeof tokenDailyQuota.$inferSelect;
export type ReservationRow = typeof tokenReservations.$inferSelect;

export async function findWallet(db: Database, userId: string) {
  const [row] = await db.select().from(tokenWallets).where(eq(tokenWallets.userId, userId));
  return row;
}

/**
 * The user's wallet, created empty if missing, locked until the transaction ends (an upsert locks
 * the row it touches, in one round trip). Every change to a user's balances takes this lock first,
 * so it orders them one after the other.
 */
export async function lockWallet(db: Database, userId: string) {
  const [row] = await db
    .insert(tokenWallets)
    .values({ userId })
    .onConflictDoUpdate({ target: tokenWallets.userId, set: { userId: sql`excluded.user_id` } })
    .returning({
      ...getTableColumns(tokenWallets),
      /** Whether a reservation of a dead server still holds tokens of this user. */
      hasExpired: sql<boolean>`exists (
        select 1 from token_reservations r
        where r.user_id = ${userId} and r.settled_at is null and r.expires_at < now())`,
    });
  return row!;
}

export async function findDailyQuota(db: Database, userId: string, day: string) {
  const [row] = await db
    .select()
    .from(tokenDailyQuota)
    .where(and(eq(tokenDailyQuota.userId, userId), eq(tokenDailyQuota.day, day)));
  return row;
}

/** The day's quota row, created if missing (call with the wallet locked). */
export async function ensureDailyQuota(db: Database, userId: string, day: string) {
  const [row] = await db
    .insert(tokenDailyQuota)
    .values({ userId, day })
    .onConflictDoUpdate({
      target: [tokenDailyQuota.userId, tokenDailyQuota.day],
      set: { userId: sql`excluded.user_id` },
    })
    .returning();
  return row!;
}

/** Moves the wallet's balance and reserved tokens by the given amounts (negative to lower). */
export async function changeWallet(
  db: Database,
  userId: string,
  change: { balance: TokenPair; reserved: TokenPair },
) {
  await db
    .update(tokenWallets)
    .set({
      packageInput: sql`greatest(0, ${tokenWallets.packageInput} + ${change.balance.input})`,
      packageOutput: sql`greatest(0, ${tokenWallets.packageOutput} + ${change.balance.output})`,
      reservedInput: sql`greatest(0, ${tokenWallets.reservedInput} + ${change.reserved.input})`,
      reservedOutput: sql`greatest(0, ${tokenWallets.reservedOutput} + ${change.reserved.output})`,
      updatedAt: sql`now()`,
    })
    .where(eq(tokenWallets.userId, userId));
}

/** Moves the day's used and reserved tokens by the given amounts (negative to lower). */
export async function changeDailyQuota(
  db: Database,
  userId: string,
  day: string,
  change: { used: TokenPair; reserved: TokenPair },
) {
  await db
    .update(tokenDailyQuota)
    .set({
      inputUsed: sql`greatest(0, ${tokenDailyQuota.inputUsed} + ${change.used.input})`,
      outputUsed: sql`greatest(0, ${tokenDailyQuota.outputUsed} + ${change.used.output})`,
      inputReserved: sql`greatest(0, ${tokenDailyQuota.inputReserved} + ${change.reserved.input})`,
      outputReserved: sql`greatest(0, ${tokenDailyQuota.outputReserved} + ${change.reserved.output})`,
    })
    .where(and(eq(tokenDailyQuota.userId, userId), eq(tokenDailyQuota.day, day)));
}

/**
 * Sets `reserved` aside in the wallet and the day's quota and records the reservation, in one
 * statement (call with the wallet locked).
 */
export async function insertReservation(
  db: Database,
  values: {
    userId: string;
    feature: AiFeature;
    day: string;
    package: TokenPair;
    daily: TokenPair;
    ttlSeconds: number;
    process: ProcessIdentity;
  },
) {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`with wallet as (
          update token_wallets
          set reserved_input = reserved_input + ${values.package.input},
              reserved_output = reserved_output + ${values.package.output},
              updated_at = now()
          where user_id = ${values.userId}
        ), quota as (
          update token_daily_quota
          set input_reserved = input_reserved + ${values.daily.input},
              output_reserved = output_reserved + ${values.daily.output}
          where user_id = ${values.userId} and day = ${values.day}
            and ${values.daily.input + values.daily.output} > 0
        )
        insert into token_reservations
          (user_id, feature, day, package_input, package_output, daily_input, daily_output,
           expires_at, process)
        values (${values.userId}, ${values.feature}, ${values.day}, ${values.package.input},
          ${values.package.output}, ${values.daily.input}, ${values.daily.output},
          now() + make_interval(secs => ${values.ttlSeconds}::int),
          ${JSON.stringify(values.process)}::jsonb)
        returning id`,
  );
  return row!.id;
}

export async function findReservationOwner(db: Database, id: string) {
  const [row] = await db
    .select({ userId: tokenReservations.userId })
    .from(tokenReservations)
    .where(eq(tokenReservations.id, id));
  return row?.userId;
}

/** An unsettled reservation, locked so that it is settled once. */
export async function lockOpenReservation(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(tokenReservations)
    .where(and(eq(tokenReservations.id, id), isNull(tokenReservations.settledAt)))
    .for('update');
  return row;
}

export async function markSettled(
  db: Database,
  id: string,
  result: {
    outcome: NonNullable<ReservationRow['outcome']>;
    used: TokenPair;
    charged: TokenPair;
  },
) {
  await db
    .update(tokenReservations)
    .set({
      settledAt: sql`now()`,
      outcome: result.outcome,
      usedInput: result.used.input,
      usedOutput: result.used.output,
      chargedInput: result.charged.input,
      chargedOutput: result.charged.output,
    })
    .where(eq(tokenReservations.id, id));
}

/** Unsettled reservations past their expiry: of one user, or of everyone. */
export async function expiredReservations(db: Database, userId?: string) {
  return db
    .select({ id: tokenReservations.id, userId: tokenReservations.userId })
    .from(tokenReservations)
    .where(
      and(
        isNull(tokenReservations.settledAt),
        lt(tokenReservations.expiresAt, sql`now()`),
        userId ? eq(tokenReservations.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(tokenReservations.expiresAt))
    .limit(1000);
}

/** Open reservations of server processes of this machine (`hostname`), with their process. */
export async function openReservationsOfHost(db: Database, hostname: string) {
  return db
    .select({
      id: tokenReservations.id,
      userId: tokenReservations.userId,
      process: tokenReservations.process,
    })
    .from(tokenReservations)
    .where(
      and(
        isNull(tokenReservations.settledAt),
        sql`${tokenReservations.process} ->> 'hostname' = ${hostname}`,
      ),
    );
}

/** Settled reservations are an audit trail for a while; the usage table keeps the totals. */
export async function purgeSettledReservations(db: Database, olderThanDays: number) {
  const rows = await db
    .delete(tokenReservations)
    .where(
      lt(tokenReservations.settledAt, sql`now() - make_interval(days => ${olderThanDays}::int)`),
    )
    .returning({ id: tokenReservations.id });
  return rows.length;
}

export async function addUsage(
  db: Database,
  values: {
    userId: string;
    day: string;
    feature: (typeof tokenUsage.$inferInsert)['feature'];
    inputTokens: number;
    outputTokens: number;
    inputCostMicroUsd: number;
    outputCostMicroUsd: number;
  },
) {
  await db
    .insert(tokenUsage)
    .values({ ...values, calls: 1 })
    .onConflictDoUpdate({
      target: [tokenUsage.userId, tokenUsage.day, tokenUsage.feature],
      set: {
        calls: sql`${tokenUsage.calls} + 1`,
        inputTokens: sql`${tokenUsage.inputTokens} + ${values.inputTokens}`,
        outputTokens: sql`${tokenUsage.outputTokens} + ${values.outputTokens}`,
        inputCostMicroUsd: sql`${tokenUsage.inputCostMicroUsd} + ${values.inputCostMicroUsd}`,
        outputCostMicroUsd: sql`${tokenUsage.outputCostMicroUsd} + ${values.outputCostMicroUsd}`,
      },
    });
}

const sumOf = (column: AnyColumn) =>
  sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
const totals = {
  calls: sql<number>`coalesce(sum(${tokenUsage.calls}), 0)::bigint`.mapWith(Number),
  inputTokens: sumOf(tokenUsage.inputTokens),
  outputTokens: sumOf(tokenUsage.outputTokens),
  inputCostMicroUsd: sumOf(tokenUsage.inputCostMicroUsd),
  outputCostMicroUsd: sumOf(tokenUsage.outputCostMicroUsd),
};

/** One user's usage per month (YYYY-MM), newest first. */
export async function monthlyUsage(db: Database, userId: string) {
  const month = sql<string>`to_char(${tokenUsage.day}, 'YYYY-MM')`;
  return db
    .select({ month, ...totals })
    .from(tokenUsage)
    .where(eq(tokenUsage.userId, userId))
    .groupBy(month)
    .orderBy(desc(month));
}

export async function dayUsage(db: Database, userId: string, day: string) {
  const [row] = await db
    .select(totals)
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), eq(tokenUsage.day, day)));
  return row!;
}

/** Everyone's usage in [from, until) per day and feature, with how many users (operator report). */
export async function usageByDayAndFeature(db: Database, from: string, until: string) {
  return db
    .select({
      day: sql<string>`${tokenUsage.day}::text`,
      feature: tokenUsage.feature,
      users: sql<number>`count(distinct ${tokenUsage.userId})::int`.mapWith(Number),
      ...totals,
    })
    .from(tokenUsage)
    .where(and(gte(tokenUsage.day, from), lt(tokenUsage.day, until)))
    .groupBy(tokenUsage.day, tokenUsage.feature)
    .orderBy(asc(tokenUsage.day), asc(tokenUsage.feature));
}

export type OperatorTask = (typeof operatorAiUsage.$inferInsert)['task'];

/** Adds one call of operator work (not charged to anyone) to its day's line. */
export async function addOperatorUsage(
  db: Database,
  values: {
    day: string;
    task: OperatorTask;
    inputTokens: number;
    outputTokens: number;
    inputCostMicroUsd: number;
    outputCostMicroUsd: number;
  },
) {
  await db
    .insert(operatorAiUsage)
    .values({ ...values, calls: 1 })
    .onConflictDoUpdate({
      target: [operatorAiUsage.day, operatorAiUsage.task],
      set: {
        calls: sql`${operatorAiUsage.calls} + 1`,
        inputTokens: sql`${operatorAiUsage.inputTokens} + ${values.inputTokens}`,
        outputTokens: sql`${operatorAiUsage.outputTokens} + ${values.outputTokens}`,
        inputCostMicroUsd: sql`${operatorAiUsage.inputCostMicroUsd} + ${values.inputCostMicroUsd}`,
        outputCostMicroUsd: sql`${operatorAiUsage.outputCostMicroUsd} + ${values.outputCostMicroUsd}`,
      },
    });
}

/** Operator work in [from, until) per day and task (operator report). */
export async function operatorUsageByDay(db: Database, from: string, until: string) {
  return db
    .select({
      day: sql<string>`${operatorAiUsage.day}::text`,
      task: operatorAiUsage.task,
      calls: operatorAiUsage.calls,
      inputTokens: operatorAiUsage.inputTokens,
      outputTokens: operatorAiUsage.outputTokens,
      inputCostMicroUsd: operatorAiUsage.inputCostMicroUsd,
      outputCostMicroUsd: operatorAiUsage.outputCostMicroUsd,
    })
    .from(operatorAiUsage)
    .where(and(gte(operatorAiUsage.day, from), lt(operatorAiUsage.day, until)))
    .orderBy(asc(operatorAiUsage.day), asc(operatorAiUsage.task));
}
