-- Reservations a shopper and a dealer can trust (src/api/reservations/):
--
-- - who holds a car unpaid, counted: the client's address group (an IPv4 address, an IPv6 /64) and
--   the shopper's email and phone, each as a SHA-256 (never the address itself), so one address,
--   one inbox or one phone holds at most a couple of cars (RESERVATION_UNPAID_HOLDS_*);
-- - the checkout's Cancel link carries a secret of its own (cancel_hash, a SHA-256): that link goes to
--   the payment provider, the shopper's reservation key never leaves the dealer's site and API;
-- - the dealer's time zone when the reservation was made, so every time shown to a person (the
--   command's list, the receipt, the lead) is the dealer's local time;
-- - what the payment provider says was paid, beside what the reservation asked for;
-- - when a refund was made and why (released_reason: car-taken, car-sold, car-withdrawn,
--   amount-mismatch, unknown-reservation).
ALTER TABLE reservations
  ADD COLUMN client_key     text,
  ADD COLUMN email_key      text,
  ADD COLUMN phone_key      text,
  ADD COLUMN cancel_hash    text,
  ADD COLUMN time_zone      text,
  ADD COLUMN paid_amount    integer,
  ADD COLUMN paid_currency  text,
  ADD COLUMN refunded_at    timestamptz;

-- The unpaid holds of a dealer, by who holds them.
CREATE INDEX reservations_unpaid ON reservations (site_slug, created_at) WHERE status = 'held';

-- When the stock system last put a car up for sale: a feed that lists it for sale after it was
-- sold, withdrawn or hidden (or first lists it). A car sold through a reservation is shown sold
-- until the stock system lists it for sale again after that sale: then the stock wins.
ALTER TABLE stock_cars ADD COLUMN listed_since timestamptz;
UPDATE stock_cars SET listed_since = first_seen
  WHERE withdrawn_at IS NULL AND coalesce(car->>'status', 'available') = 'available';
