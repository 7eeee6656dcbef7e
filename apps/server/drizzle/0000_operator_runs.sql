CREATE TABLE "operator_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"command" text NOT NULL,
	"args" jsonb NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "operator_runs_channel_check" CHECK ("operator_runs"."channel" in ('direct', 'server')),
	CONSTRAINT "operator_runs_status_check" CHECK ("operator_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "operator_runs_started_at_idx" ON "operator_runs" USING btree ("started_at");