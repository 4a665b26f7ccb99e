/**
 * The guard against a feed that would empty a yard: a feed that takes at least MIN_GUARDED cars
 * off the site, and more than MAX_WITHDRAW_SHARE of those listed before it or of the most listed
 * within GUARD_WINDOW_HOURS (since the dealer's last forced feed, as stock_imports records), is
 * refused unless forced.
 */
import type { Db } from '../../../api/core/deps.ts';

/** The share of listed cars a feed may take off the site at once, or below a day's most, without `force`. */
export const MAX_WITHDRAW_SHARE = 0.5;
/** A feed taking fewer cars than this off the site is never refused: a delta selling one car is routine. */
export const MIN_GUARDED = 2;
/** How far back the most a dealer listed counts for the guard (since its last forced feed). */
export const GUARD_WINDOW_HOURS = 24;

/** The most cars the dealer listed after a feed within the guard's window, since its last forced feed. */
export async function recentMost(db: Db, slug: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ most: number | null }>(
    `SELECT max(listed_after)::int AS most FROM stock_imports
      WHERE site_slug = $1 AND listed_after IS NOT NULL AND applied_at > $2::timestamptz - make_interval(hours => $3)
        AND id >= coalesce((SELECT max(id) FROM stock_imports WHERE site_slug = $1 AND forced), 0)`,
    [slug, now.toISOString(), GUARD_WINDOW_HOURS],
  );
  return rows[0]?.most ?? 0;
}

/**
 * Why a feed may not take cars off the site, or undefined: it takes at least MIN_GUARDED of them,
 * and more than half of those listed before it, or leaves fewer than half of the most listed
 * within the guard's window (a run of cut-off feeds, each taking half, is stopped at the second).
 */
export function wipeRefusal(slug: string, before: number, after: number, recent: number): string | undefined {
  const takenOff = before - after;
  if (takenOff < MIN_GUARDED) return undefined;
  const most = Math.max(before, recent);
  const share = Math.round(MAX_WITHDRAW_SHARE * 100);
  const fix =
    'Nothing was changed. Send the whole stock, or force it (npm run stock -- import --force, or a push signed with ?force=true) if the dealer really sold them.';
  if (takenOff > before * MAX_WITHDRAW_SHARE)
    return `this feed would take ${takenOff} of the ${before} cars ${slug} lists off the site (more than ${share} %): an empty or cut-off file? ${fix}`;
  if (after < most * MAX_WITHDRAW_SHARE)
    return (
      `this feed would leave ${after} of the ${most} cars ${slug} listed within the last ${GUARD_WINDOW_HOURS} hours ` +
      `(fewer than ${share} %): a run of cut-off files? ${fix}`
    );
  return undefined;
}
