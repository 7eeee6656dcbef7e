CREATE TABLE "simulado_questions" (
	"simulado_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"position" integer NOT NULL,
	"chosen_letter" text,
	"answered_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "simulado_questions_simulado_id_question_id_pk" PRIMARY KEY("simulado_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "simulados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exam_id" text,
	"source" jsonb,
	"title" text NOT NULL,
	"scoring" text NOT NULL,
	"certo_errado" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by" text,
	"result" jsonb,
	CONSTRAINT "simulados_scoring_check" CHECK ("simulados"."scoring" in ('padrao', 'cebraspe')),
	CONSTRAINT "simulados_finished_by_check" CHECK ("simulados"."finished_by" is null or "simulados"."finished_by" in ('usuario', 'tempo'))
);
--> statement-breakpoint
ALTER TABLE "simulado_questions" ADD CONSTRAINT "simulado_questions_simulado_id_simulados_id_fk" FOREIGN KEY ("simulado_id") REFERENCES "public"."simulados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulado_questions" ADD CONSTRAINT "simulado_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulados" ADD CONSTRAINT "simulados_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulados" ADD CONSTRAINT "simulados_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulados_user_started_idx" ON "simulados" USING btree ("user_id","started_at");