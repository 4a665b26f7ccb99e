/**
 * POST /api/stock: a dealer's stock system pushes its stock feed (content format 1.3, "Stock
 * feed"): JSON, or the CSV file it exports (Content-Type text/csv; UTF-8, else Windows-1252, and
 * `?mode=delta` for changes only). The dealer is the request's (its Host, as for every route, or `?site=`). Everything up
 * to an accepted, not yet seen signature is push-checks.ts's (429, 415, 400, 404, 401, 413, 409;
 * the body is read only for the HMAC); then the feed itself (400 when it is no feed at all).
 * Bad cars are reported and skipped; the good ones are applied (import.ts) and are searchable
 * when the answer arrives. An answer with rows skipped says so (`complete: false`, a `message`, and
 * the header X-Stock-Rows-Skipped), so a stock system's scheduled job notices. A full feed that would withdraw most of the stock is refused (409) and
 * changes nothing; a feed_id already applied answers its first summary with `duplicate: true`.
 */
import { readFeedFileInSlices, type RowError } from '../rules/feed.ts';
import type { Context } from 'hono';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { featureApp, routePath, site } from '../../../api/core/respond.ts';
import { validate, type OnProblem } from '../../../api/core/validate.ts';
import { stockCarQuery, type StockCarAnswer } from '../contract/stock-car.ts';
import { stockCompareQuery, stockStatusQuery } from '../contract/stock-status.ts';
import { listedCarBySlug, stockCarOf } from './car.ts';
import { compareCars } from './compare.ts';
import { carStatuses } from './store.ts';
import { applyStockFeed, stockFeedOf } from './import.ts';
import { acceptPush, type AcceptedPush } from './push-checks.ts';
import { forgetPush } from './push-replay.ts';

/** Row errors listed in an answer at most (the count is always whole). */
export const MAX_LISTED_ERRORS = 200;

/**
 * How long a browser or CDN may keep a status answer: with the car page asking every 30 s
 * (src/features/stock/ui/status-client.ts), a sold car shows "Sold" within a minute.
 */
export const STATUS_CACHE = 'public, max-age=20';

/** A refused `?ids=`: the problem in words, naming `ids`. */
const badIds: OnProblem = ({ fields }) => new ApiError(400, fields.ids!, fields);

/** POST /api/stock, GET /api/stock/status, /api/stock/compare and /api/stock/car. */
export function stockApp(deps: ApiDeps) {
  return featureApp()
    .get(routePath('stockStatus'), site(deps), validate('query', stockStatusQuery, badIds, ['ids']), async (c) => {
      const cars = await carStatuses(deps.db, c.get('dealer'), c.req.valid('query').ids, deps.now());
      c.header('Cache-Control', STATUS_CACHE);
      return c.json({ cars });
    })
    .get(routePath('stockCompare'), site(deps), validate('query', stockCompareQuery, badIds, ['ids']), async (c) => {
      const cars = await compareCars(deps.db, c.get('dealer'), c.req.valid('query').ids);
      c.header('Cache-Control', STATUS_CACHE);
      return c.json({ cars });
    })
    .get(
      routePath('stockCar'),
      site(deps),
      validate('query', stockCarQuery, ({ fields }) => new ApiError(400, 'The car query is not valid.', fields), [
        'slug',
      ]),
      async (c) => {
        const dealer = c.get('dealer');
        const { slug } = c.req.valid('query');
        const car = await listedCarBySlug(deps.db, dealer, slug);
        // A miss is cached as briefly as a hit: the car may be imported a moment later.
        if (!car)
          throw new ApiError(404, `${dealer.site.name} has no car for sale at /cars/${slug}.`, undefined, {
            'Cache-Control': STATUS_CACHE,
          });
        c.header('Cache-Control', STATUS_CACHE);
        return c.json({ car: stockCarOf(car) } satisfies StockCarAnswer);
      },
    )
    .post(routePath('stock'), async (c) => {
      const push = await acceptPush(deps, c.req.raw);
      const { dealer, signed } = push;
      try {
        return await applyPush(c, push);
      } catch (error) {
        // Failed on our side or unreadable: the same signed request may be sent again.
        await forgetPush(deps.db, dealer.slug, signed).catch(() => {});
        throw error;
      }
    });

  /** Reads the accepted push's feed and applies it (import.ts); the answer is the import's summary. */
  async function applyPush(c: Context, push: AcceptedPush): Promise<Response> {
    const { dealer, body, now } = push;
    const parsed = await readFeedFileInSlices(body, {
      now: now.getTime(),
      kind: push.kind,
      ...(push.mode ? { mode: push.mode } : {}),
    });
    if (parsed.fileError) throw new ApiError(400, `The feed cannot be read: ${parsed.fileError}.`);
    const summary = await applyStockFeed(deps.db, dealer, stockFeedOf(parsed), {
      source: 'push',
      now,
      force: c.req.query('force') === 'true',
    });
    const all: RowError[] = [...parsed.errors, ...(summary.errors ?? [])];
    if (!summary.refused && !summary.duplicate) deps.onStockChanged?.(dealer.slug);
    const complete = summary.skipped === 0;
    if (!complete) c.header('X-Stock-Rows-Skipped', String(summary.skipped));
    return c.json(
      {
        ...summary,
        complete,
        ...(complete
          ? {}
          : {
              message: `${summary.skipped} row${summary.skipped === 1 ? ' was' : 's were'} skipped (see errors): correct them in the stock system and send the feed again.`,
            }),
        ...(parsed.encoding === 'windows-1252' ? { encoding: 'windows-1252' } : {}),
        errors: all.slice(0, MAX_LISTED_ERRORS),
        errorCount: all.length,
      },
      summary.refused ? 409 : 200,
    );
  }
}
