-- Sort keys a record computes from its own columns, so one car's change rewrites one row
-- (src/api/search/index-update.ts): the dense places of 0005 depended on the whole yard.
-- Each order is ascending on its key, NULLs as +Infinity (after every value), then `position`
-- and `object_id` (src/api/search/sql.ts). o_year_desc packs year and created_at (seconds since
-- 1970, below 1e10 until the year 2286) in one double, exact below 2^53: newest year first,
-- within a year newest listed first, a record without created_at after its year's others.
ALTER TABLE search_records
  DROP COLUMN o_newest,
  DROP COLUMN o_price_asc,
  DROP COLUMN o_price_desc,
  DROP COLUMN o_year_desc,
  DROP COLUMN o_km_asc;

ALTER TABLE search_records
  ADD COLUMN o_newest     double precision GENERATED ALWAYS AS (coalesce(-created_at::float8, 'Infinity')) STORED,
  ADD COLUMN o_price_asc  double precision GENERATED ALWAYS AS (coalesce(price, 'Infinity')) STORED,
  ADD COLUMN o_price_desc double precision GENERATED ALWAYS AS (coalesce(-price, 'Infinity')) STORED,
  ADD COLUMN o_year_desc  double precision GENERATED ALWAYS AS (
    coalesce(-(year::float8 * 1e10 + coalesce(created_at::float8, -1)), 'Infinity')) STORED,
  ADD COLUMN o_km_asc     double precision GENERATED ALWAYS AS (coalesce(km, 'Infinity')) STORED;

-- A dealer's stock import in progress (src/api/stock/lease.ts): a large feed is applied in steps,
-- each its own transaction, and another import of the same dealer waits for the lease to be
-- given back or to expire (a crashed import's lease runs out; each step renews it).
CREATE TABLE stock_import_leases (
  site_slug  text PRIMARY KEY,
  holder     text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Slot codes become append-only (a new value takes the next code) and records need their new
-- keys: forgetting what every site was indexed from makes the next indexing rewrite them all.
DELETE FROM search_sources;
