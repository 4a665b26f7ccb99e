/** What a retention purge (retention.ts) did, and its log line. */
import { plural } from '../../../lib/text.ts';

export interface PurgeReport {
  /** Leads whose sensitive fields were erased. */
  sensitiveErased: number;
  /** Delivery files rewritten without them. */
  filesRewritten: number;
  /** Leads deleted whole, with their outbox rows, delivery attempts and files. */
  leadsDeleted: number;
  outboxDeleted: number;
  deliveriesDeleted: number;
  filesDeleted: number;
  /** Saved searches deleted (unconfirmed for days, or untouched for the retention period). */
  savedSearchesDeleted: number;
  /** Saved-search email records deleted, and their .eml files. */
  mailDeleted: number;
  mailFilesDeleted: number;
  /** Ended reservations (src/features/reservations/server/) deleted past the retention period. */
  reservationsDeleted: number;
  /** Online deals (src/features/online-deal/) deleted past the retention period. */
  dealsDeleted: number;
  /** True when the limit stopped it: more is due, for the next call. */
  more: boolean;
  /** Files that could not be rewritten or deleted; their leads are tried again next time. */
  errors: string[];
}

/** A purge that has done nothing yet. */
export const emptyPurgeReport = (): PurgeReport => ({
  sensitiveErased: 0,
  filesRewritten: 0,
  leadsDeleted: 0,
  outboxDeleted: 0,
  deliveriesDeleted: 0,
  filesDeleted: 0,
  savedSearchesDeleted: 0,
  mailDeleted: 0,
  mailFilesDeleted: 0,
  reservationsDeleted: 0,
  dealsDeleted: 0,
  more: false,
  errors: [],
});

/** One log line of what a purge did, or '' when it did nothing. */
export function describePurge(r: PurgeReport): string {
  const parts: string[] = [];
  if (r.sensitiveErased) {
    parts.push(
      `erased the sensitive fields of ${plural(r.sensitiveErased, 'lead')}${r.filesRewritten ? ` (${plural(r.filesRewritten, 'delivery file')} rewritten)` : ''}`,
    );
  }
  if (r.leadsDeleted) {
    parts.push(
      `deleted ${plural(r.leadsDeleted, 'lead')} past their retention, with ${plural(r.outboxDeleted, 'outbox row')}, ` +
        `${plural(r.deliveriesDeleted, 'delivery attempt')} and ${plural(r.filesDeleted, 'delivery file')}`,
    );
  }
  if (r.savedSearchesDeleted || r.mailDeleted) {
    parts.push(
      `deleted ${plural(r.savedSearchesDeleted, 'saved search', 'saved searches')} and ${plural(r.mailDeleted, 'saved-search email')} ` +
        `(${plural(r.mailFilesDeleted, '.eml file')}) past their time`,
    );
  }
  if (r.reservationsDeleted)
    parts.push(`deleted ${plural(r.reservationsDeleted, 'ended reservation')} past their time`);
  if (r.dealsDeleted) parts.push(`deleted ${plural(r.dealsDeleted, 'online deal')} past their time`);
  return parts.length
    ? `Lead retention: ${parts.join('; ')}${r.more ? '; more is due and follows on the next run' : ''}.`
    : '';
}
