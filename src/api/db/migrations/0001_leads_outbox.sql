-- Leads, their delivery outbox and the log of delivery attempts.

CREATE TABLE leads (
  id              uuid PRIMARY KEY,
  site_slug       text NOT NULL,
  -- One per form session: every save of the session lands on this lead.
  idempotency_key text NOT NULL,
  lead_status     text NOT NULL DEFAULT 'Partial' CHECK (lead_status IN ('Partial', 'Complete')),
  form_completed  boolean NOT NULL DEFAULT false,
  category        text,
  subcategory     text,
  page_id         text,
  page_title      text,
  form_block_id   text,
  form_type       text,
  last_step       text,
  -- Every value the form sent, by field name, as given (spec §3 lead values and step fields).
  "values"        jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The values of each step, keyed by step key.
  step_values     jsonb NOT NULL DEFAULT '{}'::jsonb,
  tracking        jsonb NOT NULL DEFAULT '{}'::jsonb,
  spam            boolean NOT NULL DEFAULT false,
  spam_reason     text,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  completed_at    timestamptz,
  CONSTRAINT leads_session UNIQUE (site_slug, idempotency_key)
);

CREATE INDEX leads_site_created ON leads (site_slug, created_at);

CREATE TABLE outbox (
  id              uuid PRIMARY KEY,
  lead_id         uuid NOT NULL REFERENCES leads (id),
  site_slug       text NOT NULL,
  destination     text NOT NULL CHECK (destination IN ('webhook', 'adf', 'file')),
  -- The URL or folder the lead goes to (secrets stay in the environment).
  target          text NOT NULL,
  payload         jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error      text,
  delivered_at    timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  -- A lead goes to each destination once, however often its completion is retried.
  CONSTRAINT outbox_once UNIQUE (lead_id, destination, target)
);

CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';

CREATE TABLE deliveries (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id   uuid NOT NULL REFERENCES outbox (id),
  attempt     integer NOT NULL,
  ok          boolean NOT NULL,
  http_status integer,
  error       text,
  duration_ms integer NOT NULL,
  at          timestamptz NOT NULL
);

CREATE INDEX deliveries_outbox ON deliveries (outbox_id);
