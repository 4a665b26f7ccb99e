-- Where each delivery attempt went. The delivery reads a lead's destination from the
-- configuration when it sends, so an attempt may go elsewhere than the outbox row's target (where
-- the lead was headed when it was queued). A URL is kept without its credentials, a folder as it is.
ALTER TABLE deliveries ADD COLUMN target text;

-- What an attempt did other than asked, e.g. a lead written to the deliveries folder because its
-- webhook or ADF destination is no longer configured.
ALTER TABLE deliveries ADD COLUMN note text;
