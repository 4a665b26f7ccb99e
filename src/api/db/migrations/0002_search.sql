-- The search index of the catalogue route (/api/search): one row per listed car or offer of a
-- site, replaced whole per site by src/api/search/index-content.ts. Sold and hidden cars are
-- never written here, so no filter can return them.

-- What a search scans: kept narrow (the hit itself is in search_hits) because every request
-- reads all of a site's rows that match its words.
CREATE TABLE search_records (
  site_slug  text NOT NULL,
  -- 'car' or 'offer': the index family (cars and its sort replicas share the car rows).
  kind       text NOT NULL CHECK (kind IN ('car', 'offer')),
  object_id  text NOT NULL,
  -- Order in the dealer's snapshot: the offers' CMS order and every sort's last tie-breaker.
  position   integer NOT NULL,
  -- The most used facet attributes in their own columns, as facet text ("Toyota", "5", "true");
  -- which attribute each slot holds depends on kind (src/api/search/schema.ts).
  f1 text, f2 text, f3 text, f4 text, f5 text, f6 text, f7 text, f8 text,
  -- The other facet attributes ({ "badge": "GX", "photos_count": 12 }).
  facets     jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- double precision, not numeric: min/max/avg/sum over thousands of rows per request.
  price      double precision,
  year       integer,
  km         double precision,
  created_at bigint,
  -- 'simple' config: words as written, lowercased, no stemming; queried by prefix.
  search     tsvector NOT NULL,
  PRIMARY KEY (site_slug, kind, object_id)
);

CREATE INDEX search_records_text ON search_records USING gin (search);

-- The hits as returned: the car or offer's own fields, objectID included.
CREATE TABLE search_hits (
  site_slug  text NOT NULL,
  kind       text NOT NULL,
  object_id  text NOT NULL,
  record     jsonb NOT NULL,
  PRIMARY KEY (site_slug, kind, object_id)
);
