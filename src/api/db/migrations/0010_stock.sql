-- A dealer's live stock, imported from its stock system's feed (content format 1.2, "Stock feed";
-- src/api/stock/import.ts). Once a dealer has imported, its stock here replaces the snapshot's
-- cars.json for the search route, the car pages' status check and the next build.

-- One row per car the dealer has ever listed through a feed, by its stock number. A car a full
-- feed no longer lists is withdrawn: its `car` keeps its last content with status "sold", and
-- `withdrawn_at` says when; the row is never deleted (its page shows "Sold", its history stays).
CREATE TABLE stock_cars (
  site_slug     text NOT NULL,
  stock_number  text NOT NULL,
  -- The Car as the content format has it (src/content/entities.ts), status included.
  car           jsonb NOT NULL,
  -- Order of the feed that last listed it: the site lists cars in that order.
  position      integer NOT NULL,
  first_seen    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  withdrawn_at  timestamptz,
  PRIMARY KEY (site_slug, stock_number)
);

-- Every feed applied: what it changed. A feed with a feed_id is applied once per dealer; the same
-- feed_id again answers this row's summary and changes nothing.
CREATE TABLE stock_imports (
  id          bigserial PRIMARY KEY,
  site_slug   text NOT NULL,
  feed_id     text,
  mode        text NOT NULL CHECK (mode IN ('full', 'delta')),
  -- 'cli' (npm run stock) or 'push' (POST /api/stock).
  source      text NOT NULL,
  added       integer NOT NULL,
  updated     integer NOT NULL,
  unchanged   integer NOT NULL,
  withdrawn   integer NOT NULL,
  skipped     integer NOT NULL,
  applied_at  timestamptz NOT NULL
);
CREATE UNIQUE INDEX stock_imports_feed ON stock_imports (site_slug, feed_id) WHERE feed_id IS NOT NULL;
CREATE INDEX stock_imports_site ON stock_imports (site_slug, applied_at);
