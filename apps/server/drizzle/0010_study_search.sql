CREATE TABLE "question_answer_counts" (
	"question_id" text NOT NULL,
	"letter" text NOT NULL,
	"first_answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_answer_counts_question_id_letter_pk" PRIMARY KEY("question_id","letter")
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"due_day" date,
	"last_wrong_at" timestamp with time zone NOT NULL,
	"last_reviewed_at" timestamp with time zone,
	CONSTRAINT "review_items_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "question_answer_counts" ADD CONSTRAINT "question_answer_counts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_user_due_idx" ON "review_items" USING btree ("user_id","due_day");--> statement-breakpoint
-- custom SQL below
-- Full-text search over statements and alternatives (docs/product-rules.md, "Question search").
-- Accent-insensitive and stemmed: the Portuguese stemmer runs both on the unaccented words
-- (so 'licitacao' typed without accents finds 'licitação') and on the words as written, with the
-- resulting stems unaccented (so 'licitação' and 'licitações' share a stem).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.pt_unaccent (COPY = pg_catalog.portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.pt_unaccent ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.portuguese_stem;--> statement-breakpoint
CREATE FUNCTION public.question_plain_text(statement_html text, alternatives jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(coalesce(statement_html, ''), '<[^>]*>|&[a-zA-Z]+;|&#[0-9]+;', ' ', 'g')
      || ' ' || coalesce((SELECT string_agg(a ->> 'text', ' ') FROM jsonb_array_elements(alternatives) a), ''),
    '\s+', ' ', 'g')
$$;--> statement-breakpoint
CREATE FUNCTION public.search_vector(plain text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('public.pt_unaccent'::regconfig, plain)
    || array_to_tsvector(ARRAY(
         SELECT DISTINCT public.unaccent('public.unaccent'::regdictionary, lexeme)
         FROM unnest(tsvector_to_array(to_tsvector('pg_catalog.portuguese'::regconfig, plain))) AS lexeme))
$$;--> statement-breakpoint
CREATE FUNCTION public.search_query(words text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT websearch_to_tsquery('public.pt_unaccent'::regconfig, words)
    || public.unaccent('public.unaccent'::regdictionary,
         websearch_to_tsquery('pg_catalog.portuguese'::regconfig, words)::text)::tsquery
$$;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (public.search_vector(public.question_plain_text(statement_html, alternatives))) STORED;--> statement-breakpoint
CREATE INDEX "questions_search_vector_idx" ON "questions" USING gin ("search_vector");
