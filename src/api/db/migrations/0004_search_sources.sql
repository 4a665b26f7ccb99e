-- What each site's search records were built from: a hash of the rows written. Indexing a site
-- whose rows would be the same (an API start with unchanged stock) leaves its records alone.
CREATE TABLE search_sources (
  site_slug    text PRIMARY KEY,
  content_hash text NOT NULL,
  cars         integer NOT NULL,
  offers       integer NOT NULL,
  indexed_at   timestamptz NOT NULL
);
