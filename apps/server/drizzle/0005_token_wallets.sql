CREATE TABLE "token_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"package_input" integer DEFAULT 0 NOT NULL,
	"package_output" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_wallets_not_negative" CHECK ("token_wallets"."package_input" >= 0 and "token_wallets"."package_output" >= 0)
);
--> statement-breakpoint
ALTER TABLE "token_wallets" ADD CONSTRAINT "token_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;