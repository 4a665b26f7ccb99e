-- Typo tolerance and restrictSearchableAttributes for the search route (src/api/search/typos.ts,
-- src/api/search/sql-text.ts).

-- pg_trgm is installed once per database, not per schema: parallel test runs (one schema each)
-- and deployments sharing a server must not race to create it, nor drop it with their schema.
-- It goes to the schema "extensions" unless the database already has it somewhere.
SELECT pg_advisory_xact_lock(hashtext('search: pg_trgm'));

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE SCHEMA IF NOT EXISTS extensions;
    CREATE EXTENSION pg_trgm WITH SCHEMA extensions;
  END IF;
END $$;

-- The words of a site's records that a misspelt query word may stand for: the lexemes of the
-- attributes with typo tolerance (makes, models, badges, bodies, fuels, locations, tags, names;
-- not the dealers' free text, whose vocabulary grows with the stock). Replaced with the records.
CREATE TABLE search_words (
  site_slug text NOT NULL,
  kind      text NOT NULL,
  word      text NOT NULL,
  PRIMARY KEY (site_slug, kind, word)
);

-- Each searchable attribute's lexemes behind the attribute's tag ("fbtoyota" for make), read only
-- when a request restricts the attributes its words may match.
ALTER TABLE search_hits ADD COLUMN fields tsvector;

DO $$
DECLARE
  ext text;
BEGIN
  SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  -- GiST rather than GIN: a site has hundreds of such words, not millions, and on tables of this
  -- size a GiST search costs about half what a GIN one does (PGlite, measured).
  EXECUTE format('CREATE INDEX search_words_trigrams ON search_words USING gist (word %I.gist_trgm_ops)', ext);
  -- The words that may be a query word with typos: those sharing enough trigrams with it (by
  -- word_similarity, which measures the query word against the best-matching part of a word,
  -- so prefixes qualify). At 0.2 it keeps every word one typo from a query word of 4 letters or
  -- more, and all but a few in a thousand of those two typos off or misspelt in their start
  -- (measured on makes, models and places), with few others; the API counts the typos itself.
  -- The threshold is a setting of pg_trgm, fixed here for the function's own run only.
  EXECUTE format($f$
    CREATE FUNCTION search_typo_candidates(p_site text, p_kind text, p_terms text[])
    RETURNS TABLE (term text, word text)
    LANGUAGE sql STABLE
    SET search_path = %I, %I
    SET pg_trgm.word_similarity_threshold = 0.2
    AS $body$
      SELECT t.term, w.word
      FROM unnest(p_terms) AS t(term)
      JOIN search_words w ON w.site_slug = p_site AND w.kind = p_kind AND t.term <%% w.word
    $body$
  $f$, current_schema(), ext);
END $$;

-- Records written before this migration have neither words nor fields: forgetting what every
-- site was indexed from makes the next indexing (API start or npm run index) rewrite them all.
DELETE FROM search_sources;
