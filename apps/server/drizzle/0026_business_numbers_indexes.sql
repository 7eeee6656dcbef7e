-- The business numbers' aggregates (docs/performance.md, "Business numbers"): each reads only the
-- rows of its period.
CREATE INDEX IF NOT EXISTS "purchases_paid_at_idx" ON "purchases" ("paid_at") INCLUDE ("product_type", "product_id", "price_centavos") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_reversed_at_idx" ON "purchases" ("reversed_at") WHERE "reversed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchases_failed_created_idx" ON "purchases" ("created_at") WHERE "status" IN ('failed', 'rejected', 'expired', 'cancelled');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_customer_created_idx" ON "users" ("created_at") WHERE "role" = 'user';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entitlements_premium_until_idx" ON "entitlements" ("premium_until");
