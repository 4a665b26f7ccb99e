-- What each applied feed left listed, so the guard against emptying a yard
-- (src/api/stock/import.ts) also sees a run of cut-off feeds: a feed may not take the listed stock
-- below half of the most it was within a day (since the last forced feed). Feeds applied before
-- this migration have neither count and are not part of that day.
ALTER TABLE stock_imports
  ADD COLUMN listed_before integer,
  ADD COLUMN listed_after integer,
  ADD COLUMN forced boolean NOT NULL DEFAULT false;
