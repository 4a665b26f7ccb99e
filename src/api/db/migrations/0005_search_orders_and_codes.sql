-- Each record's place in every sort order of the search indexes (src/api/search/schema.ts
-- ORDERS), worked out when a site is indexed: a page of hits is then sorted on one integer.
ALTER TABLE search_records
  ADD COLUMN o_newest     integer,
  ADD COLUMN o_price_asc  integer,
  ADD COLUMN o_price_desc integer,
  ADD COLUMN o_year_desc  integer,
  ADD COLUMN o_km_asc     integer;

-- Each slot's value as a number, its place in the site's sorted list of that slot's values
-- (search_sources.slot_values): facet counts group these integers instead of the text.
ALTER TABLE search_records
  ADD COLUMN c1 integer, ADD COLUMN c2 integer, ADD COLUMN c3 integer, ADD COLUMN c4 integer,
  ADD COLUMN c5 integer, ADD COLUMN c6 integer, ADD COLUMN c7 integer, ADD COLUMN c8 integer;

-- { "car": { "f1": ["Ford", "Kia", …], … }, "offer": { … } }: written with the records, in the
-- same transaction, so a search reads the list its codes were made from.
ALTER TABLE search_sources ADD COLUMN slot_values jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Records written before this migration have neither: forgetting what every site was indexed
-- from makes the next indexing (API start or npm run index) rewrite them all.
DELETE FROM search_sources;
