/**
 * A deal names the shopper (contact details, a trade-in's rego, a delivery address), so it follows
 * the lead rules (src/features/leads/server/erase.ts and retention.ts): an erase by email address
 * deletes the person's deals, and a deal not changed within the site's retention period is deleted.
 * A deal's lead, and the deal events queued with it, follow the lead rules themselves.
 */
import type { Db } from '../../../api/core/deps.ts';

/** Deletes the site's deals whose contact email is `email` (any case); how many. */
export async function eraseDealsOf(db: Db, site: string, email: string): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM deals WHERE site_slug = $1 AND lower(parts->'contact'->>'email') = lower($2) RETURNING id`,
    [site, email.trim()],
  );
  return rows.length;
}

/** Deletes each site's deals last changed before its retention cut-off, whatever their state; how many. */
export async function purgeDeals(db: Db, options: { retentionCutoff: (slug: string) => Date }): Promise<number> {
  const { rows: sites } = await db.query<{ site_slug: string }>('SELECT DISTINCT site_slug FROM deals');
  let deleted = 0;
  for (const { site_slug } of sites) {
    const { rows } = await db.query('DELETE FROM deals WHERE site_slug = $1 AND updated_at < $2 RETURNING id', [
      site_slug,
      options.retentionCutoff(site_slug),
    ]);
    deleted += rows.length;
  }
  return deleted;
}
