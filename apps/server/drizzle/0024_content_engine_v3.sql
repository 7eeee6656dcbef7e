CREATE TABLE "exam_option_choices" (
	"user_id" uuid NOT NULL,
	"exam_id" text NOT NULL,
	"option_key" text NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_option_choices_user_id_exam_id_pk" PRIMARY KEY("user_id","exam_id")
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_exam_number_unique";--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "cargo_geral" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "cargo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "orgao" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "nivel" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "kind" text DEFAULT 'concurso' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "option_key" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_option_choices" ADD CONSTRAINT "exam_option_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_option_choices" ADD CONSTRAINT "exam_option_choices_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_exam_option_number_unique" UNIQUE NULLS NOT DISTINCT("exam_id","option_key","number");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_kind_check" CHECK ("exams"."kind" in ('concurso', 'vestibular', 'enem', 'certificacao', 'olimpiada'));--> statement-breakpoint
-- Rasters get a readable minimum: 60% of their width, at most 720 px (docs/content-format.md, "Images").
UPDATE "images" SET "min_width" = LEAST(720, CEIL("width" * 0.6)) WHERE "content_type" <> 'image/svg+xml' AND "width" IS NOT NULL AND "min_width" IS NULL;
--> statement-breakpoint
-- Image bytes are already compressed: stored out of line without trying to compress them again
-- (a 2 MB PNG's write went from ~36 ms to ~10 ms; docs/performance.md, "Import while reading").
ALTER TABLE "images" ALTER COLUMN "content" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "zoom_content" SET STORAGE EXTERNAL;
