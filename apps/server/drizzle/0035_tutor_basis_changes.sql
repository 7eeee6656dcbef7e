CREATE TABLE "chat_free_replies" (
	"user_id" uuid NOT NULL,
	"change_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_free_replies_user_id_change_id_pk" PRIMARY KEY("user_id","change_id")
);
--> statement-breakpoint
CREATE TABLE "question_basis_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_key" text,
	"to_key" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_basis_changes_kind_check" CHECK ("question_basis_changes"."kind" in ('key', 'annulment', 'comment'))
);
--> statement-breakpoint
ALTER TABLE "operator_ai_usage" DROP CONSTRAINT "operator_ai_usage_task_check";--> statement-breakpoint
ALTER TABLE "didactic_contents" ADD COLUMN "question_ids" text[];--> statement-breakpoint
ALTER TABLE "chat_free_replies" ADD CONSTRAINT "chat_free_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_free_replies" ADD CONSTRAINT "chat_free_replies_change_id_question_basis_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."question_basis_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_basis_changes" ADD CONSTRAINT "question_basis_changes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_basis_changes_question_idx" ON "question_basis_changes" USING btree ("question_id","id");--> statement-breakpoint
ALTER TABLE "operator_ai_usage" ADD CONSTRAINT "operator_ai_usage_task_check" CHECK ("operator_ai_usage"."task" in ('comment_drafts', 'feedback', 'chat', 'didactic'));