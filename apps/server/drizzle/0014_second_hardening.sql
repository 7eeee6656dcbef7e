ALTER TABLE "operator_runs" DROP CONSTRAINT "operator_runs_status_check";--> statement-breakpoint
ALTER TABLE "operator_runs" ADD COLUMN "process" jsonb;--> statement-breakpoint
ALTER TABLE "token_reservations" ADD COLUMN "process" jsonb;--> statement-breakpoint
ALTER TABLE "operator_runs" ADD CONSTRAINT "operator_runs_status_check" CHECK ("operator_runs"."status" in ('running', 'succeeded', 'failed', 'interrupted'));--> statement-breakpoint
-- A simulado that starts or ends changes which questions its owner may check: part of the marks.
CREATE TRIGGER "simulados_changed" AFTER INSERT OR UPDATE OR DELETE ON "simulados" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id', 'history_changed');
