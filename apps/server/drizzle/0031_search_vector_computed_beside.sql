-- The search vector (migration 0010) was a generated column: every question written paid for its
-- words in the writing statement, 60 % of the import's database time at 1,000,000 questions
-- (docs/performance.md, "A million questions"). It is now an ordinary column kept by a trigger with
-- the same expression, which a writer may skip by sending the vector it had the database work out
-- beforehand with the same functions (the import on PostgreSQL, on a second connection, while the
-- previous exams are written). Values already stored are kept as they are.
ALTER TABLE "questions" ALTER COLUMN "search_vector" DROP EXPRESSION;
--> statement-breakpoint
CREATE FUNCTION public.questions_search_vector() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.search_vector IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.statement_html IS NOT DISTINCT FROM OLD.statement_html
       AND NEW.alternatives IS NOT DISTINCT FROM OLD.alternatives
       AND NEW.search_vector IS NOT NULL THEN
      RETURN NEW;
    END IF;
    IF NEW.search_vector IS DISTINCT FROM OLD.search_vector AND NEW.search_vector IS NOT NULL THEN
      RETURN NEW;
    END IF;
  END IF;
  NEW.search_vector := public.search_vector(public.question_plain_text(NEW.statement_html, NEW.alternatives));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER questions_search_vector BEFORE INSERT OR UPDATE ON "questions"
  FOR EACH ROW EXECUTE FUNCTION public.questions_search_vector();
