-- Every stock push accepted (POST /api/stock), by its signature, for as long as its timestamp is
-- inside the signing window (src/api/stock/signature.ts): the same signed request sent again in
-- that time is refused, on whichever instance of a shared database receives it. Rows are
-- deleted once past expires_at, when their timestamp is too old to be accepted anyway.
CREATE TABLE stock_push_signatures (
  site_slug   text NOT NULL,
  signature   text NOT NULL,
  received_at timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  PRIMARY KEY (site_slug, signature)
);

CREATE INDEX stock_push_signatures_expires ON stock_push_signatures (expires_at);
