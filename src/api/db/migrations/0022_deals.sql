-- Online deals (src/features/online-deal/): one car, and whichever of the dealer's steps the
-- shopper fills in (trade-in with its offer, finance quote, handover, deposit). The shopper's link
-- holds a secret token; only its hash is kept. The deal's one lead (leads.id) is written when the
-- shopper sends the deal; its deposit is a reservation (reservations.id) once the checkout opens.
CREATE TABLE deals (
  id             text PRIMARY KEY,
  site_slug      text NOT NULL,
  car_id         text NOT NULL,
  token_hash     text NOT NULL UNIQUE,
  status         text NOT NULL DEFAULT 'draft'
                 CHECK (status IN ('draft', 'submitted', 'cancelled', 'completed')),
  -- The parts as the shopper last saved them: trade_in (with its offer), finance, handover, contact.
  parts          jsonb NOT NULL DEFAULT '{}'::jsonb,
  lead_id        uuid REFERENCES leads (id) ON DELETE SET NULL,
  reservation_id text,
  completed_by   text CHECK (completed_by IN ('deposit', 'dealer')),
  version        integer NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  submitted_at   timestamptz,
  closed_at      timestamptz
);

CREATE INDEX deals_site ON deals (site_slug, created_at);
CREATE INDEX deals_reservation ON deals (reservation_id) WHERE reservation_id IS NOT NULL;

-- The deal webhook's events ride the leads outbox (its claims, leases, retries with backoff and
-- attempt log): one outbox row per event, its id the event's id, its payload the event's body,
-- tied to the deal's lead. Each row's target names its event, so the lead's rows stay unique.
ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_destination_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_destination_check
  CHECK (destination IN ('webhook', 'adf', 'file', 'deal-webhook'));
