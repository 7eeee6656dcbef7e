import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
} from 'drizzle-orm';
import { purchaseIdSchema } from '@gabarita/shared';
import type { Database } from '@/db/client';
import {
  paymentNotifications,
  type PixProviderName,
  type PurchaseRow,
  type PurchaseStatus,
  purchases,
  users,
} from '@/db/schema';

export async function insertPurchase(db: Database, values: typeof purchases.$inferInsert) {
  const [row] = await db.insert(purchases).values(values).returning();
  return row!;
}

export async function findPurchase(db: Database, id: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

/** The purchase, its row locked until the transaction ends. */
export async function lockPurchase(db: Database, id: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  return row;
}

/**
 * The purchase a provider's charge belongs to: by the charge id, or by our id sent as its
 * reference when the charge's id was not saved yet (a notification racing the creation).
 */
export async function findPurchaseForCharge(
  db: Database,
  provider: PixProviderName,
  paymentId: string,
  externalReference: string | null,
) {
  const [byCharge] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.providerPaymentId, paymentId)));
  if (byCharge || !purchaseIdSchema.safeParse(externalReference).success) {
    return byCharge;
  }
  const [byReference] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.id, externalReference!),
        eq(purchases.provider, provider),
        isNull(purchases.providerPaymentId),
      ),
    );
  return byReference;
}

/** Saves the created charge and starts the window to pay now; undefined if it already ended. */
export async function saveCharge(
  db: Database,
  id: string,
  charge: {
    providerPaymentId: string;
    providerStatus: string;
    qrCode: string;
    qrCodeBase64: string;
    expiresAt: Date;
    nextCheckAt: Date;
  },
) {
  const [row] = await db
    .update(purchases)
    .set({ ...charge, updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')))
    .returning();
  return row;
}

export async function markFailed(db: Database, id: string) {
  await db
    .update(purchases)
    .set({
      status: 'failed',
      nextCheckAt: null,
      updatedAt: sql`now()`,
      version: sql`${purchases.version} + 1`,
    })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'pending'), isNull(purchases.grantedAt)));
}

/** Writes a change the payment page must hear of (its version grows). */
export async function updatePurchase(
  db: Database,
  id: string,
  changes: Partial<typeof purchases.$inferInsert>,
): Promise<PurchaseRow> {
  const [row] = await db
    .update(purchases)
    .set({ ...changes, version: sql`${purchases.version} + 1`, updatedAt: sql`now()` })
    .where(eq(purchases.id, id))
    .returning();
  return row!;
}

/** Bookkeeping the page does not see: the provider's status, the next check. */
export async function touchPurchase(
  db: Database,
  id: string,
  changes: { providerStatus?: string; nextCheckAt: Date | null },
) {
  await db
    .update(purchases)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(purchases.id, id));
}

/**
 * Ends the window of every pending purchase whose time is up; their charges are cancelled at the
 * provider by the reconciler right after (next_check_at now). Safe on several instances at once:
 * each row moves once.
 */
export async function expireOverdue(db: Database) {
  return db
    .update(purchases)
    .set({
      status: 'expired',
      version: sql`${purchases.version} + 1`,
      updatedAt: sql`now()`,
      nextCheckAt: sql`case when ${purchases.providerPaymentId} is null then null else now() end`,
    })
    .where(and(eq(purchases.status, 'pending'), lte(purchases.expiresAt, sql`now()`)))
    .returning({ id: purchases.id });
}

/**
 * Claims up to `limit` purchases due for a check at the provider, for `leaseSeconds`: instances
 * running the reconciler at the same time skip each other's claims.
 */
export async function claimDueChecks(
  db: Database,
  provider: PixProviderName,
  limit: number,
  leaseSeconds: number,
) {
  const due = db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.provider, provider),
        isNotNull(purchases.providerPaymentId),
        lte(purchases.nextCheckAt, sql`now()`),
      ),
    )
    .orderBy(asc(purchases.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(purchases)
    .set({ nextCheckAt: sql`now() + make_interval(secs => ${leaseSeconds}::int)` })
    .where(inArray(purchases.id, due))
    .returning();
}

/**
 * Renews this round's claim of the purchases still ahead of it, so no other instance takes them
 * while the provider answers slowly (only those still claimed: a check pushed to the past is due).
 */
export async function renewClaims(db: Database, ids: string[], leaseSeconds: number) {
  if (ids.length === 0) return;
  await db
    .update(purchases)
    .set({ nextCheckAt: sql`now() + make_interval(secs => ${leaseSeconds}::int)` })
    .where(and(inArray(purchases.id, ids), gt(purchases.nextCheckAt, sql`now()`)));
}

/** Paid purchases of one user, newest first. */
export async function paidPurchasesOf(db: Database, userId: string) {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'paid')))
    .orderBy(desc(purchases.paidAt), desc(purchases.createdAt));
}

/**
 * The user's PIX codes still payable for at least `marginMs` more, newest first; of one product
 * when it is given.
 */
export async function payablePurchasesOf(
  db: Database,
  userId: string,
  marginMs: number,
  product?: { type: PurchaseRow['productType']; id: string },
) {
  return db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'pending'),
        isNotNull(purchases.qrCode),
        gt(purchases.expiresAt, new Date(Date.now() + marginMs)),
        product ? eq(purchases.productType, product.type) : undefined,
        product ? eq(purchases.productId, product.id) : undefined,
      ),
    )
    .orderBy(desc(purchases.createdAt));
}

/** The latest purchases, with the buyer's e-mail, for the operator. */
export async function latestPurchases(
  db: Database,
  status: PurchaseStatus | undefined,
  limit: number,
) {
  return db
    .select({ purchase: purchases, email: users.email })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(status ? eq(purchases.status, status) : undefined)
    .orderBy(desc(purchases.createdAt))
    .limit(limit);
}

export async function insertPaymentNotification(
  db: Database,
  values: typeof paymentNotifications.$inferInsert,
) {
  await db.insert(paymentNotifications).values(values);
}

/** The purchases outlive the account under the pseudonym; returns how many there are. */
export async function pseudonymisePurchases(db: Database, userId: string, pseudonym: string) {
  await db
    .update(purchases)
    .set({ accountPseudonym: pseudonym, updatedAt: new Date() })
    .where(eq(purchases.userId, userId));
  const [row] = await db
    .select({ total: count() })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  return row?.total ?? 0;
}

/** Purchases of deleted accounts made before `cutoff` (the end of the fiscal retention period). */
export async function purgeOrphanPurchasesBefore(db: Database, cutoff: Date) {
  const rows = await db
    .delete(purchases)
    .where(and(isNull(purchases.userId), lt(purchases.createdAt, cutoff)))
    .returning({ id: purchases.id });
  return rows.length;
}
