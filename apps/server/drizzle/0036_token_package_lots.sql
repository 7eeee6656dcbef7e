CREATE TABLE "token_package_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purchase_id" uuid,
	"input" integer NOT NULL,
	"output" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "token_package_lots_not_negative" CHECK ("token_package_lots"."input" >= 0 and "token_package_lots"."output" >= 0)
);
--> statement-breakpoint
ALTER TABLE "token_package_lots" ADD CONSTRAINT "token_package_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_package_lots_purchase_idx" ON "token_package_lots" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "token_package_lots_open_idx" ON "token_package_lots" USING btree ("user_id","id") WHERE "token_package_lots"."closed_at" is null;--> statement-breakpoint
-- Wallets that held tokens before lots were kept. The ledger spends the oldest package first, so a
-- wallet holds what is left of its newest packages: each package purchase still granted gets a lot
-- for the part of the balance it covers, newest first, and what they do not cover (grants by
-- support or an operator) becomes one lot older than them. 80,000 and 40,000 are the package's
-- input and output tokens.
INSERT INTO "token_package_lots" ("user_id", "purchase_id", "input", "output", "granted_at")
WITH wallet AS (
  SELECT "user_id", "package_input" AS balance_in, "package_output" AS balance_out, "updated_at"
  FROM "token_wallets"
  WHERE "package_input" > 0 AND "package_output" > 0
), bought AS (
  SELECT p."id", p."user_id", p."granted_at",
    row_number() OVER (PARTITION BY p."user_id" ORDER BY p."granted_at" DESC, p."id" DESC) AS newest
  FROM "purchases" p JOIN wallet w ON w."user_id" = p."user_id"
  WHERE p."product_type" = 'package' AND p."granted_at" IS NOT NULL AND p."reversed_at" IS NULL
), covered AS (
  SELECT b."id" AS purchase_id, b."user_id", b."granted_at",
    greatest(0, least(80000, w.balance_in - 80000 * (b.newest - 1))) AS input,
    greatest(0, least(40000, w.balance_out - 40000 * (b.newest - 1))) AS output
  FROM bought b JOIN wallet w ON w."user_id" = b."user_id"
), rest AS (
  SELECT w."user_id", NULL::uuid AS purchase_id,
    coalesce(min(c."granted_at"), w."updated_at") AS granted_at,
    w.balance_in - coalesce(sum(c.input), 0) AS input,
    w.balance_out - coalesce(sum(c.output), 0) AS output
  FROM wallet w LEFT JOIN covered c ON c."user_id" = w."user_id"
  GROUP BY w."user_id", w.balance_in, w.balance_out, w."updated_at"
)
SELECT "user_id", purchase_id, input, output, "granted_at"
FROM (
  SELECT "user_id", purchase_id, input, output, "granted_at" FROM rest
  UNION ALL
  SELECT "user_id", purchase_id, input, output, "granted_at" FROM covered
) lots
WHERE input > 0 OR output > 0
-- The oldest first, as the ledger spends them: the lot ids follow this order.
ORDER BY "user_id", purchase_id IS NOT NULL, "granted_at", purchase_id;
