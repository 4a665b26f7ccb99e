-- Dealers whose stock changed and whose build hook (STOCK_BUILD_HOOK_URL[_<SLUG>]) is still to be
-- called, one row per dealer: several imports in a row push due_at on and end in one call. A row
-- is deleted once its call succeeded; a failed call moves due_at on by the retry delay. Kept in
-- the database so a serverless function that ends after an import leaves the call to the next
-- scheduled run.
CREATE TABLE build_hooks (
  site_slug        text PRIMARY KEY,
  first_changed_at timestamptz NOT NULL,
  changed_at       timestamptz NOT NULL,
  due_at           timestamptz NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  claimed_until    timestamptz
);
