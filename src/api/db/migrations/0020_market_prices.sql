-- The market-price estimates of dealers' fed stock (src/features/market-price/server/): one row
-- per car asked about, by its car id (stable across feeds). Asked when a feed adds or changes a
-- car and again once older than MARKET_PRICE_REFRESH_DAYS; read with the stock (stock_cars) so
-- the built pages, the API's content and the search hits carry the car's estimate.
CREATE TABLE market_prices (
  site_slug  text NOT NULL,
  car_id     text NOT NULL,
  -- What was asked (year, make, model, variant, km, VIN, rego): a car whose facts change is asked again.
  basis_key  text NOT NULL,
  -- 'valued': `estimate` holds the MarketEstimate; 'unknown': the provider had none.
  status     text NOT NULL CHECK (status IN ('valued', 'unknown')),
  estimate   jsonb,
  asked_at   timestamptz NOT NULL,
  PRIMARY KEY (site_slug, car_id)
);
CREATE INDEX market_prices_asked ON market_prices (asked_at);
