-- custom SQL below
-- An import writes each question's words into the search index as it goes. With GIN's pending
-- list they would be merged in bursts of a few hundred milliseconds, and on PGlite, where the
-- database runs in the server's thread, every reader would wait for each burst
-- (docs/performance.md, "Import while reading").
ALTER INDEX "questions_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
-- Words already waiting in the list go into the index now: nothing else would move them on PGlite.
SELECT gin_clean_pending_list('questions_search_vector_idx'::regclass);
