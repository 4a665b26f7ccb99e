-- A saved search changes only through a link sent to its address (src/api/alerts/route.ts):
-- saving a confirmed search again changes nothing by itself; it emails the address a link whose
-- button applies what the new save asked for. A confirmation link, likewise, confirms the values
-- of the save that sent it, not whatever a later save by anyone wrote.

-- The change link is a third kind of token.
ALTER TABLE saved_search_tokens DROP CONSTRAINT saved_search_tokens_purpose_check;
ALTER TABLE saved_search_tokens
  ADD CONSTRAINT saved_search_tokens_purpose_check CHECK (purpose IN ('confirm', 'unsubscribe', 'change'));

-- What a confirm or change link applies when its button is pressed: the save's consent line, its
-- stock page and its link origin. NULL page_path: a token from before this migration, which
-- applies nothing but the confirmation itself.
ALTER TABLE saved_search_tokens
  ADD COLUMN consent text,
  ADD COLUMN page_path text,
  ADD COLUMN link_origin text;

-- Every consent line the address agreed to, and when: the one it confirmed with, then each one
-- applied through a change link. saved_searches.consent is the latest of them once confirmed.
CREATE TABLE saved_search_consents (
  id          bigserial PRIMARY KEY,
  search_id   bigint NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  consent     text,
  agreed_at   timestamptz NOT NULL,
  via         text NOT NULL CHECK (via IN ('confirm', 'change'))
);
CREATE INDEX saved_search_consents_search ON saved_search_consents (search_id);

-- The searches confirmed before: the consent they hold is the one they were confirmed with.
INSERT INTO saved_search_consents (search_id, consent, agreed_at, via)
  SELECT id, consent, confirmed_at, 'confirm' FROM saved_searches WHERE confirmed_at IS NOT NULL;
