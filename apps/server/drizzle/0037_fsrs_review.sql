CREATE TABLE "flashcards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"discipline_code" text,
	"subject" text,
	"source_question_id" text,
	"flagged_because" text,
	"flagged_at" timestamp with time zone,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"due" timestamp with time zone,
	"stability" double precision DEFAULT 0.212 NOT NULL,
	"difficulty" double precision DEFAULT 6.4133 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 1 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 1 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"fsrs_state" smallint DEFAULT 2 NOT NULL,
	"due_day" date NOT NULL,
	"last_reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"item_guid" uuid NOT NULL,
	"kind" text NOT NULL,
	"question_id" text,
	"discipline_code" text,
	"rating" smallint NOT NULL,
	"fsrs_state" smallint NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"stability" real NOT NULL,
	"difficulty" real NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"next_due" timestamp with time zone NOT NULL,
	"next_due_day" date NOT NULL,
	"applied" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_logs_rating_check" CHECK ("review_logs"."rating" between 1 and 4),
	CONSTRAINT "review_logs_kind_check" CHECK ("review_logs"."kind" in ('question', 'flashcard'))
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"desired_retention" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_retention_check" CHECK ("review_settings"."desired_retention" between 0.70 and 0.97)
);
--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "guid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "stability" double precision DEFAULT 0.212 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "difficulty" double precision DEFAULT 6.4133 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "elapsed_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "scheduled_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "learning_steps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "reps" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "lapses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "fsrs_state" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_discipline_code_disciplines_code_fk" FOREIGN KEY ("discipline_code") REFERENCES "public"."disciplines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_source_question_id_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flashcards_guid_idx" ON "flashcards" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "flashcards_user_due_idx" ON "flashcards" USING btree ("user_id","due_day");--> statement-breakpoint
CREATE INDEX "flashcards_source_question_idx" ON "flashcards" USING btree ("source_question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_user_client_idx" ON "review_logs" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "review_logs_user_reviewed_idx" ON "review_logs" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_guid_idx" ON "review_items" USING btree ("guid");--> statement-breakpoint
-- The ladder's places become FSRS states (docs/product-rules.md, "Review"; the values are ts-fsrs's,
-- checked by modules/review/ladder-migration.test.ts). Place -1 is a mastered question: it gets a
-- due day again, the interval of its last Good after its last review. Every other keeps its due day.
UPDATE "review_items" AS r
   SET "stability" = m.stability,
       "difficulty" = m.difficulty,
       "reps" = m.reps,
       "lapses" = 0,
       "fsrs_state" = 2,
       "learning_steps" = 0,
       "elapsed_days" = 0,
       "scheduled_days" = m.scheduled_days,
       "due_day" = coalesce(
         r."due_day",
         (coalesce(r."last_reviewed_at", r."last_wrong_at") + make_interval(days => m.scheduled_days))
           AT TIME ZONE 'America/Sao_Paulo')::date,
       "due" = coalesce(
         r."due_day"::timestamp AT TIME ZONE 'America/Sao_Paulo',
         coalesce(r."last_reviewed_at", r."last_wrong_at") + make_interval(days => m.scheduled_days))
  FROM (VALUES
          (0, 0.212::float8, 6.4133::float8, 1, 1),
          (1, 1.88678762, 6.40211507, 2, 1),
          (2, 4.47481716, 6.39094132, 3, 3),
          (3, 10.89709621, 6.37977875, 4, 7),
          (4, 23.97047896, 6.36862734, 5, 21),
          (-1, 55.97728583, 6.35748708, 6, 56)
       ) AS m(place, stability, difficulty, reps, scheduled_days)
 WHERE m.place = CASE WHEN r."due_day" IS NULL THEN -1 ELSE least(r."step", 4) END;
