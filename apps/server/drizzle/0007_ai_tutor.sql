CREATE TABLE "token_daily_quota" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"input_used" integer DEFAULT 0 NOT NULL,
	"output_used" integer DEFAULT 0 NOT NULL,
	"input_reserved" integer DEFAULT 0 NOT NULL,
	"output_reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "token_daily_quota_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "token_daily_quota_not_negative" CHECK ("token_daily_quota"."input_used" >= 0 and "token_daily_quota"."output_used" >= 0
        and "token_daily_quota"."input_reserved" >= 0 and "token_daily_quota"."output_reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "token_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"day" date NOT NULL,
	"package_input" integer NOT NULL,
	"package_output" integer NOT NULL,
	"daily_input" integer NOT NULL,
	"daily_output" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"outcome" text,
	"used_input" integer,
	"used_output" integer,
	"charged_input" integer,
	"charged_output" integer,
	CONSTRAINT "token_reservations_feature_check" CHECK ("token_reservations"."feature" in ('feedback', 'chat', 'didactic')),
	CONSTRAINT "token_reservations_outcome_check" CHECK ("token_reservations"."outcome" in ('completed', 'aborted', 'failed', 'expired')),
	CONSTRAINT "token_reservations_not_negative" CHECK ("token_reservations"."package_input" >= 0 and "token_reservations"."package_output" >= 0
        and "token_reservations"."daily_input" >= 0 and "token_reservations"."daily_output" >= 0)
);
--> statement-breakpoint
CREATE TABLE "token_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"feature" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"input_cost_micro_usd" bigint DEFAULT 0 NOT NULL,
	"output_cost_micro_usd" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "token_usage_user_id_day_feature_pk" PRIMARY KEY("user_id","day","feature"),
	CONSTRAINT "token_usage_feature_check" CHECK ("token_usage"."feature" in ('feedback', 'chat', 'didactic'))
);
--> statement-breakpoint
CREATE TABLE "ai_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"content" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"language_model" boolean NOT NULL,
	"finish_reason" text NOT NULL,
	"output_tokens" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_generations" (
	"key" text PRIMARY KEY NOT NULL,
	"feature" text NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"language_model" boolean NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_generations_feature_check" CHECK ("ai_generations"."feature" in ('feedback', 'didactic'))
);
--> statement-breakpoint
CREATE TABLE "didactic_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_code" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"language_model" boolean NOT NULL,
	"finish_reason" text NOT NULL,
	"output_tokens" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "token_wallets" ADD COLUMN "reserved_input" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_wallets" ADD COLUMN "reserved_output" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_daily_quota" ADD CONSTRAINT "token_daily_quota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_reservations" ADD CONSTRAINT "token_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_usage" ADD CONSTRAINT "token_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_feedback" ADD CONSTRAINT "ai_feedback_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_feedback" ADD CONSTRAINT "ai_feedback_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "didactic_contents" ADD CONSTRAINT "didactic_contents_discipline_code_disciplines_code_fk" FOREIGN KEY ("discipline_code") REFERENCES "public"."disciplines"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "didactic_contents" ADD CONSTRAINT "didactic_contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_reservations_open_idx" ON "token_reservations" USING btree ("user_id","expires_at") WHERE "token_reservations"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "token_reservations_settled_idx" ON "token_reservations" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "token_usage_day_idx" ON "token_usage" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_feedback_current_idx" ON "ai_feedback" USING btree ("question_id") WHERE "ai_feedback"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "ai_feedback_question_idx" ON "ai_feedback" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "didactic_contents_current_idx" ON "didactic_contents" USING btree ("discipline_code","subject") WHERE "didactic_contents"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "didactic_contents_subject_idx" ON "didactic_contents" USING btree ("discipline_code","subject","created_at");--> statement-breakpoint
ALTER TABLE "token_wallets" ADD CONSTRAINT "token_wallets_reserved_not_negative" CHECK ("token_wallets"."reserved_input" >= 0 and "token_wallets"."reserved_output" >= 0);