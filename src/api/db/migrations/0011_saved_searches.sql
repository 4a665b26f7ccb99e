-- Saved searches and their alert emails (src/api/alerts/). A shopper saves the stock page's search
-- with an email address; once they confirm it (double opt-in) they are emailed when cars matching
-- it arrive or drop in price, at most once a day per search. Addresses are personal information:
-- the lead retention policy and `npm run leads -- erase` apply to every table here.

CREATE TABLE saved_searches (
  id                bigserial PRIMARY KEY,
  site_slug         text NOT NULL,
  -- As the shopper typed it (trimmed), and lower-cased: one address is one person.
  email             text NOT NULL,
  email_key         text NOT NULL,
  -- The stock page's query string in its canonical form ("make=Toyota&price=0%3A30000").
  query             text NOT NULL,
  -- The cars block's own fixed filters (Algolia `filters` syntax), '' when it has none.
  filters           text NOT NULL DEFAULT '',
  -- The stock page the search was saved on ("/used-cars"): where the alert links back to.
  page_path         text NOT NULL,
  -- The dealer's origin the search was saved on (its site.url, a preview's or a local one): the
  -- emails' links go there, so a shopper comes back to the site they used.
  link_origin       text NOT NULL,
  -- The consent line the form showed, as the shopper saw it.
  consent           text,
  created_at        timestamptz NOT NULL,
  confirmed_at      timestamptz,
  -- The shopper's own last act on it (saving it again, confirming): the retention counts from here.
  last_activity_at  timestamptz NOT NULL,
  last_alert_at     timestamptz,
  UNIQUE (site_slug, email_key, query, filters)
);
CREATE INDEX saved_searches_site ON saved_searches (site_slug) WHERE confirmed_at IS NOT NULL;
CREATE INDEX saved_searches_unconfirmed ON saved_searches (created_at) WHERE confirmed_at IS NULL;
CREATE INDEX saved_searches_activity ON saved_searches (last_activity_at);

-- The links' tokens, stored as SHA-256 hashes only: the email holds the token itself.
CREATE TABLE saved_search_tokens (
  hash        text PRIMARY KEY,
  search_id   bigint NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('confirm', 'unsubscribe')),
  created_at  timestamptz NOT NULL
);
CREATE INDEX saved_search_tokens_search ON saved_search_tokens (search_id);

-- The cars each search knows: those that matched when it was saved and those an alert named. A
-- car not here is new to the search; `price` is the lowest price the search has known, so a drop
-- below it is news and the same price is never told twice.
CREATE TABLE saved_search_cars (
  search_id   bigint NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  car_id      text NOT NULL,
  price       numeric,
  first_seen  timestamptz NOT NULL,
  -- When an alert last named it; NULL for a car known from the moment the search was saved.
  told_at     timestamptz,
  PRIMARY KEY (search_id, car_id)
);

-- Every email sent: to whom, what it named, and the .eml file when one was written. Kept (with
-- its file) until the lead retention period has passed or the address is erased.
CREATE TABLE saved_search_mail (
  id          bigserial PRIMARY KEY,
  site_slug   text NOT NULL,
  email_key   text NOT NULL,
  search_id   bigint,
  kind        text NOT NULL CHECK (kind IN ('confirm', 'alert')),
  sent_at     timestamptz NOT NULL,
  -- For an alert: [{ id, title, price, was? }] of the cars it named.
  cars        jsonb,
  file        text
);
CREATE INDEX saved_search_mail_email ON saved_search_mail (site_slug, email_key);
CREATE INDEX saved_search_mail_sent ON saved_search_mail (sent_at);
