ALTER TABLE "exams" ADD COLUMN "annulled_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "outdated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "min_width" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "zoom_content_type" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "zoom_content" "bytea";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "status" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "status_note" text;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('regular', 'annulled', 'outdated'));