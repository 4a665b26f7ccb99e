/**
 * The dealers whose build hook (build-hook.ts) is to be called, kept in the database (the
 * build_hooks table) so that the call outlives a serverless function that took the import: the
 * import records the dealer, and the next run of the runtime's delivery (the worker every few
 * seconds under a server, the scheduled entry on a platform) calls the hook.
 *
 * Batched: each change pushes the call to BUILD_HOOK_QUIET_MS after it (never beyond
 * BUILD_HOOK_MAX_WAIT_MS after the first), so an import in several pushes is one rebuild; dealers
 * due together on one hook are named in one call. A failed call is retried with the lead
 * outbox's backoff (1 min, 2, 4 … 6 h), and given up after MAX_ATTEMPTS, logged.
 */
import type { Db } from '../core/deps.ts';
import { MAX_ATTEMPTS, retryDelayMs } from '../../features/leads/server/outbox/deliver.ts';
import { callBuildHook, describeHook, hookKey, type BuildHook } from './build-hook.ts';

/** How long after a dealer's last stock change its hook is called. */
export const BUILD_HOOK_QUIET_MS = 20_000;
/** The longest a stream of changes puts the call off. */
export const BUILD_HOOK_MAX_WAIT_MS = 5 * 60_000;
/** How long a claimed row is left to its caller before another instance may call it. */
const CLAIM_MS = 60_000;

export interface BuildHookReport {
  /** Dealers whose pipeline accepted the call. */
  called: string[];
  /** Dealers whose call failed and will be tried again. */
  retrying: string[];
  /** Dealers whose call failed MAX_ATTEMPTS times: given up. */
  failed: string[];
}

export interface BuildHookQueueOptions {
  db: Db;
  hookOf: (slug: string) => BuildHook | undefined;
  now: () => Date;
  log: (line: string) => void;
  quietMs?: number;
  timeoutMs?: number;
}

export interface BuildHookQueue {
  /** Records that `slug`'s stock changed; nothing for a dealer without a hook. */
  changed(slug: string): void;
  /** The records not yet written (a serverless entry waits for them before answering). */
  written(): Promise<void>;
  /** Calls every hook that is due. Never throws: a failure is recorded and logged. */
  callDue(): Promise<BuildHookReport>;
}

interface DueRow {
  site_slug: string;
  changed_at: Date;
  attempts: number;
}

export function buildHookQueue(o: BuildHookQueueOptions): BuildHookQueue {
  const quietMs = o.quietMs ?? BUILD_HOOK_QUIET_MS;
  const writes = new Set<Promise<void>>();

  async function record(slug: string): Promise<void> {
    const now = o.now();
    // A call under retry keeps its own time: the retry takes the new change with it.
    await o.db.query(
      `INSERT INTO build_hooks AS b (site_slug, first_changed_at, changed_at, due_at)
         VALUES ($1, $2, $2, $3)
       ON CONFLICT (site_slug) DO UPDATE SET
         changed_at = EXCLUDED.changed_at,
         due_at = CASE WHEN b.attempts > 0 THEN b.due_at
                       ELSE LEAST(EXCLUDED.due_at, b.first_changed_at + $4 * interval '1 millisecond') END`,
      [slug, now, new Date(now.getTime() + quietMs), BUILD_HOOK_MAX_WAIT_MS],
    );
  }

  async function settle(row: DueRow, error: string | undefined, now: Date): Promise<'called' | 'retrying' | 'failed'> {
    if (error === undefined || row.attempts + 1 >= MAX_ATTEMPTS) {
      // A change that came in during the call gets a call of its own, a quiet period later.
      const left = await o.db.query(
        `DELETE FROM build_hooks WHERE site_slug = $1 AND changed_at = $2 RETURNING site_slug`,
        [row.site_slug, row.changed_at],
      );
      if (!left.rows.length)
        await o.db.query(
          `UPDATE build_hooks SET attempts = 0, last_error = NULL, claimed_until = NULL, first_changed_at = changed_at,
             due_at = changed_at + $2 * interval '1 millisecond' WHERE site_slug = $1`,
          [row.site_slug, quietMs],
        );
      return error === undefined ? 'called' : 'failed';
    }
    await o.db.query(
      `UPDATE build_hooks SET attempts = attempts + 1, last_error = $2, claimed_until = NULL, due_at = $3
        WHERE site_slug = $1`,
      [row.site_slug, error, new Date(now.getTime() + retryDelayMs(row.attempts + 1))],
    );
    return 'retrying';
  }

  async function callDue(): Promise<BuildHookReport> {
    const report: BuildHookReport = { called: [], retrying: [], failed: [] };
    const now = o.now();
    let rows: DueRow[];
    try {
      ({ rows } = await o.db.query<DueRow>(
        `UPDATE build_hooks SET claimed_until = $2
          WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
          RETURNING site_slug, changed_at, attempts`,
        [now, new Date(now.getTime() + CLAIM_MS)],
      ));
    } catch (e) {
      o.log(`Stock build hooks: could not read the due calls: ${(e as Error).message}`);
      return report;
    }
    const groups = new Map<string, { hook: BuildHook; rows: DueRow[] }>();
    for (const row of rows) {
      const hook = o.hookOf(row.site_slug);
      if (!hook) {
        // The setting was removed since the import: nothing to call any more.
        await o.db.query('DELETE FROM build_hooks WHERE site_slug = $1', [row.site_slug]).catch(() => {});
        continue;
      }
      const key = hookKey(hook);
      const group = groups.get(key) ?? { hook, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }
    await Promise.all(
      [...groups.values()].map(async ({ hook, rows: due }) => {
        const dealers = due.map((r) => r.site_slug).sort();
        const started = Date.now();
        const error = await callBuildHook(hook, dealers, o.timeoutMs).then(
          () => undefined,
          (e: Error) => e.message,
        );
        for (const row of due) {
          const outcome = await settle(row, error, o.now()).catch((e: Error) => {
            o.log(`Stock build hook of ${row.site_slug}: could not record the call: ${e.message}`);
            return 'retrying' as const;
          });
          report[outcome].push(row.site_slug);
        }
        const took = ((Date.now() - started) / 1000).toFixed(1);
        if (error === undefined)
          o.log(`Stock build hook: asked ${describeHook(hook)} to rebuild ${dealers.join(', ')} (${took} s)`);
        else {
          const gaveUp = due.filter((r) => r.attempts + 1 >= MAX_ATTEMPTS).map((r) => r.site_slug);
          o.log(
            `Stock build hook for ${dealers.join(', ')} failed: ${error}. ` +
              (gaveUp.length
                ? `Given up for ${gaveUp.join(', ')} after ${MAX_ATTEMPTS} attempts: rebuild with npm run build -- --changed.`
                : 'It is tried again later.'),
          );
        }
      }),
    );
    return report;
  }

  return {
    changed(slug) {
      if (!o.hookOf(slug)) return;
      const write = record(slug)
        .catch((e: Error) =>
          o.log(
            `Stock build hook of ${slug}: could not record the change (${e.message}); rebuild with npm run build -- --changed.`,
          ),
        )
        .finally(() => writes.delete(write));
      writes.add(write);
    },
    written: async () => {
      await Promise.all([...writes]);
    },
    callDue,
  };
}
