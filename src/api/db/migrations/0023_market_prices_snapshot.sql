-- The market-price estimates of snapshot cars (cars.json of a dealer that does not import its
-- stock) are kept beside fed stock's, so an API start reuses them instead of asking the provider
-- about every car again. `origin` says which a row is: a snapshot car and a fed car of the same
-- id never share an answer. A snapshot car's basis_key also holds its headline price.
ALTER TABLE market_prices ADD COLUMN origin text NOT NULL DEFAULT 'stock' CHECK (origin IN ('stock', 'snapshot'));
ALTER TABLE market_prices DROP CONSTRAINT market_prices_pkey;
ALTER TABLE market_prices ADD PRIMARY KEY (site_slug, origin, car_id);
