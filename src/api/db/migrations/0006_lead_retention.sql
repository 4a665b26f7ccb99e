-- What the lead retention (src/api/leads/retention.ts) looks leads up by, so that neither of its
-- statements reads the whole table.

-- Whole leads are deleted by age, across every site that keeps the default policy.
CREATE INDEX leads_created ON leads (created_at);

-- Only the leads that still hold a sensitive finance field (date of birth, licence number, an
-- address): once they are erased a lead leaves this index, and a later save that stores one
-- again brings it back. The names are SENSITIVE_FIELDS of retention.ts and must stay the same
-- list in the same order, or the planner cannot match its statement to this index.
CREATE INDEX leads_sensitive ON leads (updated_at)
  WHERE "values" ?| ARRAY['dateOfBirth', 'driverLicenceNumber', 'currentAddress', 'Your Current Address', 'street', 'suburb', 'state', 'postcode'];
