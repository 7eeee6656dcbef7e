CREATE TABLE "operator_ai_usage" (
	"day" date NOT NULL,
	"task" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"input_cost_micro_usd" bigint DEFAULT 0 NOT NULL,
	"output_cost_micro_usd" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "operator_ai_usage_day_task_pk" PRIMARY KEY("day","task"),
	CONSTRAINT "operator_ai_usage_task_check" CHECK ("operator_ai_usage"."task" in ('comment_drafts'))
);
