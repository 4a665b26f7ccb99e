-- Each record's place in every sort order of the search indexes (src/api/search/schema.ts
-- ORDERS), worked out when a site is indexed: a page of hits is then sorted on one integer.
ALTER TABLE search_records
  ADD COLUMN o_newest    integer,
  ADD COLUMN o_price_asc integer,
  ADD COLUMN o_price_desc integer,
  ADD COLUMN o_year_desc integer,
  ADD COLUMN o_km_asc    integer;

-- Records written before this migration have no places yet: forgetting what every site was
-- indexed from makes the next indexing (API start or npm run index) rewrite them all.
DELETE FROM search_sources;
