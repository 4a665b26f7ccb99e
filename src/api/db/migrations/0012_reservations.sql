-- Online reservations of stock cars with a deposit (src/api/reservations/). A car is held while the
-- shopper's checkout is open, reserved once the payment provider's signed notification says the
-- deposit is paid, and released when the checkout is cancelled or expires, or when the hold ends
-- without the dealer confirming the sale.

CREATE TABLE reservations (
  id                   text PRIMARY KEY,
  site_slug            text NOT NULL,
  car_id               text NOT NULL,
  -- held: checkout open; reserved: deposit paid; released: checkout cancelled or expired, or the
  -- hold ended; refunded: paid after another shopper had the car, deposit returned; sold: the
  -- dealer confirmed the sale (stock feed or command).
  status               text NOT NULL CHECK (status IN ('held', 'reserved', 'released', 'refunded', 'sold')),
  released_reason      text,
  amount               integer NOT NULL,
  currency             text NOT NULL,
  -- The shopper's name, email and phone: personal information, under the leads' retention and erase.
  contact              jsonb NOT NULL,
  -- SHA-256 of the secret in the shopper's return links (status page, cancel).
  key_hash             text NOT NULL,
  checkout_id          text UNIQUE,
  checkout_expires_at  timestamptz NOT NULL,
  payment_id           text,
  refund_id            text,
  hold_until           timestamptz,
  lead_id              text,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
-- One car, one reservation: at most one live (held or reserved) row per car, whatever the race.
CREATE UNIQUE INDEX reservations_one_live ON reservations (site_slug, car_id) WHERE status IN ('held', 'reserved');
CREATE INDEX reservations_due ON reservations (status, checkout_expires_at, hold_until);

-- Payment notifications already acted on: a replayed notification changes nothing.
CREATE TABLE payment_events (
  id           text PRIMARY KEY,
  type         text NOT NULL,
  received_at  timestamptz NOT NULL
);
