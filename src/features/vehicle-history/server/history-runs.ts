/**
 * Vehicle-history checks of fed stock, off the import's path: an import (src/features/stock/server/import.ts)
 * writes its cars and answers without asking the history provider; the runtime then queues a run
 * for the dealer (after its import, and on a schedule for any dealer whose stock has imported).
 * A run checks, a few at a time and at most HISTORY_PER_RUN, each listed used or demo car that has
 * a VIN and no history (./at-import.ts wantsHistory), writes a found history into the stored car,
 * and puts the car where the stock goes (the API's content, its search records). Every check is
 * recorded in history_checks: a VIN without a record is asked again after NO_RECORD_RECHECK_DAYS;
 * a failed check is retried by a run at least RETRY_AFTER_MS later. A run never throws.
 */
import type { Car, VehicleHistory } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { mapLimit } from '../../../lib/concurrency.ts';
import { hasSiteIndex, updateDealerIndex } from '../../search/server/index-update.ts';
import { importingSites, stockRows, useImportedStock } from '../../stock/server/store.ts';
import { wantsHistory } from './at-import.ts';
import type { HistoryProvider } from './history-provider.ts';

/** Checks in flight at once. */
export const HISTORY_AT_ONCE = 4;
/** The most cars one run checks; the rest wait for the next run. */
export const HISTORY_PER_RUN = 200;
/** A run stops after this many failures in a row (the provider is down; a later run tries again). */
export const HISTORY_MAX_FAILURES_IN_A_ROW = 3;
/** A failed check is tried again by a run at least this long after it. */
export const RETRY_AFTER_MS = 10 * 60_000;
/** A VIN the provider had no record of is asked again after this many days. */
export const NO_RECORD_RECHECK_DAYS = 30;

const DAY_MS = 86_400_000;

export interface HistoryRun {
  site: string;
  checked: number;
  found: number;
  failed: number;
  /** Cars due that this run left for a later one. */
  left: number;
  error?: string;
}

interface LastCheck {
  car_id: string;
  vin: string;
  status: 'found' | 'none' | 'failed';
  checked_at: string;
}

async function lastChecks(db: Db, slug: string): Promise<Map<string, LastCheck>> {
  const { rows } = await db.query<LastCheck>(
    `SELECT car_id, vin, status, checked_at::text AS checked_at FROM history_checks WHERE site_slug = $1`,
    [slug],
  );
  return new Map(rows.map((r) => [r.car_id, r]));
}

async function recordCheck(
  db: Db,
  slug: string,
  car: Car,
  status: LastCheck['status'],
  now: Date,
  error?: string,
): Promise<void> {
  await db.query(
    `INSERT INTO history_checks (site_slug, car_id, vin, status, checked_at, failures, last_error)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (site_slug, car_id) DO UPDATE
       SET vin = EXCLUDED.vin, status = EXCLUDED.status, checked_at = EXCLUDED.checked_at,
           failures = CASE WHEN EXCLUDED.status = 'failed' THEN history_checks.failures + 1 ELSE 0 END,
           last_error = EXCLUDED.last_error`,
    [slug, String(car.id), car.vin!, status, now.toISOString(), status === 'failed' ? 1 : 0, error ?? null],
  );
}

/** Writes `history` into the stored car, unless the car has one by now (a later feed gave it). */
async function saveHistory(db: Db, slug: string, carId: string, history: VehicleHistory): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE stock_cars SET car = jsonb_set(car, '{history}', $3::jsonb)
      WHERE site_slug = $1 AND car->>'id' = $2 AND withdrawn_at IS NULL AND car->'history' IS NULL
      RETURNING car->>'id' AS id`,
    [slug, carId, JSON.stringify(history)],
  );
  return rows.length > 0;
}

/** Whether `car`, last checked as `last`, is due a check at `now`. */
function due(car: Car, last: LastCheck | undefined, now: number): boolean {
  if (!last || last.vin !== car.vin) return true;
  const since = now - Date.parse(last.checked_at);
  if (last.status === 'failed') return since >= RETRY_AFTER_MS;
  if (last.status === 'none') return since >= NO_RECORD_RECHECK_DAYS * DAY_MS;
  // Found before, yet the car has none now (a feed replaced the car): check it again.
  return true;
}

/** One run for `dealer`'s fed stock. Never throws. */
export async function checkStockHistory(
  db: Db,
  dealer: DealerContent,
  provider: HistoryProvider,
  o: { now: Date; log: (line: string) => void; limit?: number },
): Promise<HistoryRun> {
  const run: HistoryRun = { site: dealer.slug, checked: 0, found: 0, failed: 0, left: 0 };
  try {
    const last = await lastChecks(db, dealer.slug);
    const cars = (await stockRows(db, dealer.slug)).filter((r) => !r.withdrawn_at).map((r) => r.car);
    const wanted = cars.filter((c) => wantsHistory(c) && due(c, last.get(String(c.id)), o.now.getTime()));
    const asking = wanted.slice(0, o.limit ?? HISTORY_PER_RUN);
    run.left = wanted.length - asking.length;
    const changed: string[] = [];
    let failuresInARow = 0;
    await mapLimit(asking, HISTORY_AT_ONCE, async (car) => {
      if (failuresInARow >= HISTORY_MAX_FAILURES_IN_A_ROW) {
        run.left++;
        return;
      }
      run.checked++;
      try {
        const history = await provider.check({ vin: car.vin!, country: dealer.site.country });
        failuresInARow = 0;
        await recordCheck(db, dealer.slug, car, history ? 'found' : 'none', o.now);
        if (history && (await saveHistory(db, dealer.slug, String(car.id), history))) {
          run.found++;
          changed.push(String(car.id));
        }
      } catch (e) {
        failuresInARow++;
        run.failed++;
        run.error = (e as Error).message;
        await recordCheck(db, dealer.slug, car, 'failed', o.now, run.error.slice(0, 500));
      }
    });
    if (changed.length) await publish(db, dealer, changed);
    if (run.checked) {
      o.log(
        `Vehicle history of ${dealer.slug} (${provider.describe}): ${run.checked} checked, ${run.found} found` +
          (run.failed ? `, ${run.failed} failed (${run.error}); tried again later` : '') +
          (run.left ? `, ${run.left} left for the next run` : ''),
      );
    }
  } catch (e) {
    run.error = (e as Error).message;
    o.log(`Vehicle history of ${dealer.slug}: the run failed: ${run.error}. Tried again on the next run.`);
  }
  return run;
}

/** Puts the cars that got a history where the stock goes: the API's dealer (in place) and its search records. */
async function publish(db: Db, dealer: DealerContent, changed: string[]): Promise<void> {
  await useImportedStock(db, [dealer]);
  if (!(await hasSiteIndex(db, dealer.slug))) return;
  const wanted = new Set(changed);
  const placed = (await stockRows(db, dealer.slug))
    .filter((r) => wanted.has(String(r.car.id)))
    .map((r) => ({ car: r.car, position: r.position }));
  await db.transaction((tx) => updateDealerIndex(tx, dealer.slug, { cars: placed }));
}

/**
 * The runtime's history runs: `afterImport(slug)` queues a run for a dealer whose stock was just
 * imported; `due()` (the scheduled entry) runs every importing dealer, at most every `everyMs`.
 * One run at a time; a dealer already queued is not queued twice. With no provider configured
 * (describe "none"), nothing runs.
 */
export function historyRuns(
  db: Db,
  dealers: DealerContent[],
  provider: HistoryProvider,
  o: { log: (line: string) => void; now?: () => Date; everyMs?: number; limit?: number },
) {
  const active = provider.describe !== 'none';
  let running: Promise<unknown> = Promise.resolve();
  const queued = new Set<string>();
  let checkedAt: number | undefined;
  const opts = () => ({ now: o.now?.() ?? new Date(), log: o.log, limit: o.limit });
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => {});
    return next;
  };
  return {
    afterImport(slug: string): Promise<HistoryRun | undefined> {
      const dealer = dealers.find((d) => d.slug === slug);
      if (!active || !dealer || queued.has(slug)) return Promise.resolve(undefined);
      queued.add(slug);
      return inTurn(() => {
        queued.delete(slug);
        return checkStockHistory(db, dealer, provider, opts());
      });
    },
    due(): Promise<HistoryRun[] | undefined> {
      const wall = Date.now();
      if (!active || (checkedAt !== undefined && wall - checkedAt < (o.everyMs ?? RETRY_AFTER_MS))) {
        return Promise.resolve(undefined);
      }
      checkedAt = wall;
      return inTurn(async () => {
        const runs: HistoryRun[] = [];
        try {
          const importing = await importingSites(
            db,
            dealers.map((d) => d.slug),
          );
          for (const d of dealers.filter((x) => importing.has(x.slug)))
            runs.push(await checkStockHistory(db, d, provider, opts()));
        } catch (e) {
          o.log(`Vehicle history: the scheduled run failed: ${(e as Error).message}`);
        }
        return runs;
      });
    },
    /** Resolves when no run is under way (tests, close). */
    idle: () => running.then(() => {}),
  };
}
