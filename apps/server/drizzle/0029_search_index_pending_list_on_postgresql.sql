-- custom SQL below
-- Migration 0013 turned the search index's pending list off for PGlite, where its merges run in
-- the server's thread. On PostgreSQL they run in the writing backend or in autovacuum, another
-- process, and without the list every question's words cost a write into each word's place in
-- the index, dearer as the index grows: an import's rate fell from 21,000 to 14,000 questions a
-- minute over 200,000 questions (docs/performance.md, "Content import"). PGlite keeps it off.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    ALTER INDEX "questions_search_vector_idx" SET (fastupdate = on);
  END IF;
END
$$;
