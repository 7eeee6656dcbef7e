CREATE TABLE "daily_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"question_checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_disciplines" (
	"exam_id" text NOT NULL,
	"discipline_code" text NOT NULL,
	"question_count" integer NOT NULL,
	CONSTRAINT "exam_disciplines_exam_id_discipline_code_pk" PRIMARY KEY("exam_id","discipline_code")
);
--> statement-breakpoint
CREATE TABLE "exam_subjects" (
	"exam_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"discipline_code" text NOT NULL,
	"subject" text NOT NULL,
	"question_count" integer NOT NULL,
	CONSTRAINT "exam_subjects_exam_id_subject_id_pk" PRIMARY KEY("exam_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" text PRIMARY KEY NOT NULL,
	"cargo_geral" text NOT NULL,
	"cargo" text NOT NULL,
	"orgao" text NOT NULL,
	"nivel" text NOT NULL,
	"instituicao" text NOT NULL,
	"ano" text NOT NULL,
	"question_count" integer NOT NULL,
	"demonstration" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"asset_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_history" (
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"response" text,
	"chosen_letter" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "question_history_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "question_history_response_check" CHECK ("question_history"."response" in ('c', 'e'))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"number" integer NOT NULL,
	"statement_html" text NOT NULL,
	"alternatives" jsonb NOT NULL,
	"answer_letter" text NOT NULL,
	"discipline_code" text NOT NULL,
	"subject_id" integer NOT NULL,
	"reference_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_asset_id" text,
	"image_description" text,
	CONSTRAINT "questions_exam_number_unique" UNIQUE("exam_id","number")
);
--> statement-breakpoint
CREATE TABLE "reference_texts" (
	"exam_id" text NOT NULL,
	"key" text NOT NULL,
	"html" text NOT NULL,
	CONSTRAINT "reference_texts_exam_id_key_pk" PRIMARY KEY("exam_id","key")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "subjects_discipline_name_unique" UNIQUE("discipline_code","name")
);
--> statement-breakpoint
CREATE TABLE "test_history" (
	"user_id" uuid NOT NULL,
	"exam_id" text NOT NULL,
	"first_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_history_user_id_exam_id_pk" PRIMARY KEY("user_id","exam_id")
);
--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_disciplines" ADD CONSTRAINT "exam_disciplines_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_disciplines" ADD CONSTRAINT "exam_disciplines_discipline_code_disciplines_code_fk" FOREIGN KEY ("discipline_code") REFERENCES "public"."disciplines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_history" ADD CONSTRAINT "question_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_history" ADD CONSTRAINT "question_history_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_discipline_code_disciplines_code_fk" FOREIGN KEY ("discipline_code") REFERENCES "public"."disciplines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_asset_id_images_asset_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "public"."images"("asset_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_texts" ADD CONSTRAINT "reference_texts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_discipline_code_disciplines_code_fk" FOREIGN KEY ("discipline_code") REFERENCES "public"."disciplines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_history" ADD CONSTRAINT "test_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_history" ADD CONSTRAINT "test_history_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_disciplines_discipline_idx" ON "exam_disciplines" USING btree ("discipline_code","exam_id");--> statement-breakpoint
CREATE INDEX "exam_subjects_discipline_idx" ON "exam_subjects" USING btree ("discipline_code","subject");--> statement-breakpoint
CREATE INDEX "exam_subjects_subject_idx" ON "exam_subjects" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "exams_ano_id_idx" ON "exams" USING btree ("ano","id");--> statement-breakpoint
CREATE INDEX "questions_discipline_subject_idx" ON "questions" USING btree ("discipline_code","subject_id","id");