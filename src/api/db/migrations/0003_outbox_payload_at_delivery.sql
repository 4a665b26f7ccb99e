-- A completed lead never changes again, so the outbox no longer copies it at completion: the
-- delivery builds the payload from the lead row. That lets the final save be one statement.
-- Rows written before keep the payload they hold, and it is still sent as it is.
ALTER TABLE outbox ALTER COLUMN payload DROP NOT NULL;
