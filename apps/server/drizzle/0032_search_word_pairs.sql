-- custom SQL below
-- Word pairs for phrase search (docs/product-rules.md, "Question search"). The search index knows
-- which questions hold a phrase's words, not where: a phrase of two common words ('"recursos
-- hídricos"') was checked question by question on every question holding both, 56,000 at a
-- million questions for 971 matches (docs/performance.md, "A million questions"). Each question's
-- vector now also holds a mark for every two words that follow each other, and a phrase asks for
-- its marks too, so the index leaves out most questions that hold its words apart. A mark is one
-- of 4,096 (' 3fa': a space, which no word has, and the first three hex digits of the pair's MD5):
-- a mark per distinct pair would make the index several times larger. Two pairs may share a mark,
-- so the phrase itself is still checked on what the index finds, and the answer is the same as
-- before: a phrase's words match only where they have positions, and a mark is stored wherever
-- two positioned words are one position apart.

-- The mark of two words, the first one position before the second.
CREATE FUNCTION public.word_pair_mark(first text, second text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || left(md5(first || ' ' || second), 3)
$$;--> statement-breakpoint
-- The marks of the pairs of words one position apart, as lexemes without positions (every word at
-- a position with every word at the next, should a dictionary put two at one).
CREATE FUNCTION public.word_pairs(words tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH placed AS (
    SELECT lexeme, position FROM unnest(words) AS word, unnest(word.positions) AS position)
  SELECT array_to_tsvector(ARRAY(
    SELECT DISTINCT public.word_pair_mark(first.lexeme, second.lexeme)
    FROM placed AS first JOIN placed AS second ON second.position = first.position + 1))
$$;--> statement-breakpoint
-- The query with each run of words in a phrase ('a' <-> 'b' <-> 'c') also asking for the marks
-- of its pairs; words a stop word apart ('a' <2> 'b') are not a pair.
CREATE FUNCTION public.with_word_pairs(query tsquery) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  lexeme CONSTANT text := '''(?:[^''\\]|''''|\\.)*''';
  distance CONSTANT text := '<(?:-|[0-9]+)>';
  rest text := query::text;
  rewritten text := '';
  phrase text;
  parts text[];
  pairs text;
  found int;
BEGIN
  LOOP
    phrase := (regexp_match(rest, lexeme || '(?: ' || distance || ' ' || lexeme || ')+'))[1];
    EXIT WHEN phrase IS NULL;
    parts := ARRAY(SELECT part[1] FROM regexp_matches(phrase, '(' || lexeme || '|' || distance || ')', 'g') AS part);
    pairs := '';
    FOR i IN 2 .. array_length(parts, 1) - 1 BY 2 LOOP
      IF parts[i] = '<->' THEN
        -- Each part as the word it quotes ('d''agua' is d'agua), read back as a vector.
        pairs := pairs || ' & ' || quote_literal(public.word_pair_mark(
                   (tsvector_to_array(parts[i - 1]::tsvector))[1],
                   (tsvector_to_array(parts[i + 1]::tsvector))[1]));
      END IF;
    END LOOP;
    found := strpos(rest, phrase);
    rewritten := rewritten || substr(rest, 1, found - 1)
                 || CASE WHEN pairs = '' THEN phrase ELSE '( ' || phrase || pairs || ' )' END;
    rest := substr(rest, found + length(phrase));
  END LOOP;
  RETURN (rewritten || rest)::tsquery;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.search_words(words tsvector, plain text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT words
    || array_to_tsvector(ARRAY(
         SELECT DISTINCT public.unaccent('public.unaccent'::regdictionary, lexeme)
         FROM unnest(tsvector_to_array(to_tsvector('pg_catalog.portuguese'::regconfig, plain))) AS lexeme))
    || public.word_pairs(words)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_vector(plain text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.search_words(to_tsvector('public.pt_unaccent'::regconfig, plain), plain)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_query(words text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.with_word_pairs(websearch_to_tsquery('public.pt_unaccent'::regconfig, words)
    || public.unaccent('public.unaccent'::regdictionary,
         websearch_to_tsquery('pg_catalog.portuguese'::regconfig, words)::text)::tsquery)
$$;--> statement-breakpoint
-- Every stored vector again, with its pairs (the trigger of migration 0031 works out a null one).
UPDATE "questions" SET "search_vector" = NULL;
