import { type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { purchases, tokenUsage } from '@/db/schema';

export async function purchasesByStatus(db: Database) {
  return db
    .select({ status: purchases.status, total: count() })
    .from(purchases)
    .groupBy(purchases.status);
}

const sumOf = (column: AnyColumn | SQL) =>
  sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** Every user's AI use since records began, per feature (cost in millionths of a US dollar). */
export async function aiUsageByFeature(db: Database) {
  return db
    .select({
      feature: tokenUsage.feature,
      inputTokens: sumOf(tokenUsage.inputTokens),
      outputTokens: sumOf(tokenUsage.outputTokens),
      costMicroUsd: sumOf(sql`${tokenUsage.inputCostMicroUsd} + ${tokenUsage.outputCostMicroUsd}`),
    })
    .from(tokenUsage)
    .groupBy(tokenUsage.feature);
}
