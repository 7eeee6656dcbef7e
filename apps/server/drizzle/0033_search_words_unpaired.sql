-- custom SQL below
-- The search words without the marks of their word pairs (migration 0032), so that an import on
-- PostgreSQL asks its second connection for these and adds the marks itself (content-import.repo.ts,
-- `searchVectors`): the marks were more than half of that connection's work (docs/performance.md,
-- "A million questions"). What is stored does not change.
CREATE FUNCTION public.search_words_unpaired(words tsvector, plain text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT words
    || array_to_tsvector(ARRAY(
         SELECT DISTINCT public.unaccent('public.unaccent'::regdictionary, lexeme)
         FROM unnest(tsvector_to_array(to_tsvector('pg_catalog.portuguese'::regconfig, plain))) AS lexeme))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_words(words tsvector, plain text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.search_words_unpaired(words, plain) || public.word_pairs(words)
$$;--> statement-breakpoint
-- `search_vector` without the marks.
CREATE FUNCTION public.search_vector_unpaired(plain text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.search_words_unpaired(to_tsvector('public.pt_unaccent'::regconfig, plain), plain)
$$;
