CREATE TABLE "trusted_browsers" (
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_browsers_token_hash_user_id_pk" PRIMARY KEY("token_hash","user_id")
);
--> statement-breakpoint
-- A stored São Paulo date D meant "valid through the end of D": keep that meaning as an instant.
ALTER TABLE "entitlements" ALTER COLUMN "premium_until" SET DATA TYPE timestamp with time zone USING ((("premium_until" + 1)::timestamp - interval '1 millisecond') AT TIME ZONE 'America/Sao_Paulo');--> statement-breakpoint
ALTER TABLE "trusted_browsers" ADD CONSTRAINT "trusted_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_browsers_last_used_idx" ON "trusted_browsers" USING btree ("last_used_at");