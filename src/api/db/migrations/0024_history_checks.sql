-- The vehicle-history checks of fed stock (src/features/vehicle-history/server/history-runs.ts),
-- made after an import rather than during it: the last check of each car by its id and VIN. A
-- found history is written into the car (stock_cars.car -> 'history'); a VIN without a record is
-- asked again only after a while; a failed check is retried by a later run.
CREATE TABLE history_checks (
  site_slug   text NOT NULL,
  car_id      text NOT NULL,
  vin         text NOT NULL,
  -- 'found': the history is on the car; 'none': no record of the VIN; 'failed': the check failed.
  status      text NOT NULL CHECK (status IN ('found', 'none', 'failed')),
  checked_at  timestamptz NOT NULL,
  -- Failed checks in a row (0 after one that answered).
  failures    integer NOT NULL DEFAULT 0,
  last_error  text,
  PRIMARY KEY (site_slug, car_id)
);
