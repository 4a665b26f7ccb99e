-- Rate-limit counts shared by every API instance on one database: hits per key (a route and a
-- client address or site) per fixed window ("slot" = start of the window / its length).
-- Rows are deleted once past expires_at, two windows after their own.
CREATE TABLE rate_limit_hits (
  key        text NOT NULL,
  slot       bigint NOT NULL,
  hits       integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, slot)
);

CREATE INDEX rate_limit_hits_expires ON rate_limit_hits (expires_at);
