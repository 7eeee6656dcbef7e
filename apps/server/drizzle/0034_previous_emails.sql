CREATE TABLE "previous_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"used_from" timestamp with time zone NOT NULL,
	"used_until" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "previous_emails" ADD CONSTRAINT "previous_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previous_emails_user_idx" ON "previous_emails" USING btree ("user_id","used_until");--> statement-breakpoint
-- The addresses accounts had before this record existed, as far as what is kept shows them: those
-- that e-mail-change links still kept confirmed (each the account's until the next one) and those
-- help messages were sent from (the account's at least until the last of them).
INSERT INTO "previous_emails" ("user_id", "email", "used_from", "used_until")
SELECT "known"."user_id", "known"."email", "users"."created_at", max("known"."until")
FROM (
  SELECT "user_id", "new_email" AS "email",
    coalesce(lead("used_at") OVER (PARTITION BY "user_id" ORDER BY "used_at"), "used_at") AS "until"
  FROM "action_codes"
  WHERE "mode" = 'changeEmail' AND "used_at" IS NOT NULL AND "new_email" IS NOT NULL
  UNION ALL
  SELECT "user_id", "user_email", "created_at" FROM "help_requests"
) "known"
JOIN "users" ON "users"."id" = "known"."user_id"
WHERE "known"."email" <> "users"."email"
GROUP BY "known"."user_id", "known"."email", "users"."created_at";
