-- The mail outbox (src/api/mail/outbox.ts): every email the API sends on its own (saved-search
-- alerts, reservation receipts and refunds) is first written here, in the same transaction as
-- the change it tells of, and then sent by deliverMail. So a database fault before that commit
-- sends nothing and loses nothing (the change is not made either), and a fault or a crash after
-- it leaves the mail here, to be sent by the next delivery. A mail is claimed with a lease
-- (status 'sending', lease_until) before it is sent: another instance leaves it alone until the
-- lease ends. Rows hold the recipient's address and the message: the lead retention policy and
-- `npm run leads -- erase` delete them (src/api/alerts/mail-log.ts).

CREATE TABLE mail_outbox (
  id               bigserial PRIMARY KEY,
  site_slug        text NOT NULL,
  -- What the mail is: 'confirm', 'alert', 'reservation-receipt', 'reservation-refund', … (open:
  -- other kinds come with the code that sends them, so only the form is checked).
  kind             text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  -- The caller's name for this one mail ("alert:<search id>:<claim time>"): the same key
  -- enqueued twice is one mail.
  dedupe_key       text NOT NULL UNIQUE,
  -- The recipient, trimmed and lower-cased: what an erase of the address finds.
  email_key        text NOT NULL,
  -- The rendered message as the Mailer takes it: { site, kind, from, to, subject, text, html,
  -- headers, messageId }. Rendered once, so a retry sends the same text.
  message          jsonb NOT NULL,
  -- The Message-ID header, fixed at enqueue ("<hash of the key@sender's domain>"): a resend after
  -- an unknown outcome carries the same one, so the receiving side can tell it is the same mail.
  message_id       text NOT NULL,
  -- pending: to be sent at next_attempt_at; sending: claimed until lease_until (a lease that has
  -- ended is claimed again: the sender crashed or lost the database); sent; failed: refused for
  -- good or out of attempts, with last_error. A failed mail is kept and reported, never dropped.
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  lease_until      timestamptz,
  last_error       text,
  sent_at          timestamptz,
  -- The .eml file the file mailer wrote (no SMTP_URL): deleted with the row.
  file             text,
  -- What the mail told, for the records: { search, cars } of an alert.
  meta             jsonb,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
-- The claim: due pending rows, and sending rows whose lease has ended.
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_leased ON mail_outbox (lease_until) WHERE status = 'sending';
-- Erase by address, and the retention purge by site and age.
CREATE INDEX mail_outbox_email ON mail_outbox (site_slug, email_key);
CREATE INDEX mail_outbox_created ON mail_outbox (site_slug, created_at);
