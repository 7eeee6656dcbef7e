ALTER TABLE "error_reports" DROP CONSTRAINT "error_reports_status_check";--> statement-breakpoint
DROP INDEX "error_reports_open_unique";--> statement-breakpoint
ALTER TABLE "error_reports" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
UPDATE "error_reports" SET "status" = CASE "status" WHEN 'open' THEN 'new' ELSE 'fixed' END;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_reports_status_idx" ON "error_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "error_reports_question_idx" ON "error_reports" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "error_reports_user_idx" ON "error_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "error_reports_open_unique" ON "error_reports" USING btree ("user_id","question_id","type") WHERE "error_reports"."status" in ('new', 'reviewing');--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_status_check" CHECK ("error_reports"."status" in ('new', 'reviewing', 'fixed', 'rejected'));