import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  auditLog,
  paymentNotifications,
  type PixProviderName,
  type PurchaseStatus,
  purchases,
  users,
} from '@/db/schema';

export interface PurchaseFilters {
  status?: PurchaseStatus;
  provider?: PixProviderName;
  productId?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  until?: Date;
}

function conditions(filters: PurchaseFilters): SQL | undefined {
  return and(
    filters.status ? eq(purchases.status, filters.status) : undefined,
    filters.provider ? eq(purchases.provider, filters.provider) : undefined,
    filters.productId ? eq(purchases.productId, filters.productId) : undefined,
    filters.from ? gte(purchases.createdAt, filters.from) : undefined,
    filters.until ? lt(purchases.createdAt, filters.until) : undefined,
  );
}

/** The buyer's account, or the pseudonym a deleted account's purchases keep. */
const buyer = {
  email: sql<string>`coalesce(${users.email}, ${purchases.accountPseudonym})`,
  name: sql<string>`coalesce(${users.name}, 'Conta excluída')`,
};

/** Purchases, newest first, with their buyer; and how many match in all. */
export async function listPurchases(
  db: Database,
  filters: PurchaseFilters,
  limit: number,
  offset: number,
) {
  const where = conditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ purchase: purchases, ...buyer })
      .from(purchases)
      .leftJoin(users, eq(users.id, purchases.userId))
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(purchases).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findPurchaseWithBuyer(db: Database, id: string) {
  const [row] = await db
    .select({ purchase: purchases, ...buyer })
    .from(purchases)
    .leftJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.id, id));
  return row;
}

/** The audit entries about a purchase (console actions on it), oldest first. */
export function auditOfPurchase(db: Database, purchaseId: string) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `purchase:${purchaseId}`))
    .orderBy(asc(auditLog.id));
}

/** The provider answers applied to a purchase (payment_notifications), oldest first. */
export function notificationsOfPurchase(db: Database, purchaseId: string) {
  return db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.purchaseId, purchaseId))
    .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.id));
}
