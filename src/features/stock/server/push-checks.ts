/**
 * What POST /api/stock checks before a feed is read as one, in this order: the address's failed
 * pushes (429), Content-Type (415), the query (400), the dealer (404), its key (401), the
 * signature headers (401), and only then the body (413) and its HMAC (401), and last that the
 * signature was not taken before (409, push-replay.ts). On the Node servers the body of this
 * route arrives as a stream (src/api/node-adapter.ts), so a push refused before its HMAC is
 * answered without its body being read.
 *
 * Every refusal here counts against the client's address; past RATE_LIMIT_STOCK_FAILURES_PER_IP
 * a minute, the address's pushes are refused, signed or not, until the window has room again:
 * someone guessing keys or flooding the route gets nowhere, and costs one counter look-up each.
 */
import type { DealerContent } from '../../../content/load.ts';
import { MAX_STOCK_FEED_BYTES } from '../../../contract/routes.ts';
import { readCapped } from '../../../api/core/body.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { counterOf, limitsOf } from '../../../api/core/guard.ts';
import { envSuffix } from '../../leads/server/outbox/destinations.ts';
import { clientIp, type Hit } from '../../../api/core/rate-limit.ts';
import { resolveSite } from '../../../api/core/site.ts';
import { recordPush } from './push-replay.ts';
import { signatureMatches, signedHeaders, SIGNATURE_HEADER, type SignedHeaders } from './signature.ts';

/** A push whose signature is accepted and recorded: its feed may be read and applied. */
export interface AcceptedPush {
  dealer: DealerContent;
  body: Uint8Array;
  /** The feed's shape, from its Content-Type. */
  kind: 'json' | 'csv';
  /** `?mode=` (signed with the query): how to read the rows, whatever a JSON feed says. */
  mode?: 'full' | 'delta';
  signed: SignedHeaders;
  now: Date;
}

/** The push of `request`, or the ApiError it is refused with (see the module's order). */
export async function acceptPush(deps: ApiDeps, request: Request): Promise<AcceptedPush> {
  const ip = clientIp(request);
  const failures: Hit[] =
    ip === 'unknown' ? [] : [{ key: `stock-failures:ip:${ip}`, limit: limitsOf(deps).stockFailuresPerIp }];
  if (failures.length) {
    const answer = await counterOf(deps).peek(failures, deps.now().getTime());
    if (!answer.ok)
      throw new ApiError(
        429,
        'Too many stock pushes from this address were refused in the last minute: check the dealer, its key and the signing, then send again after Retry-After.',
        undefined,
        { 'Retry-After': String(Math.ceil(answer.retryAfterMs / 1000)) },
      );
  }
  try {
    return await checkedPush(deps, request);
  } catch (error) {
    if (failures.length && error instanceof ApiError && error.status >= 400 && error.status < 500)
      await counterOf(deps).hit(failures, deps.now().getTime());
    throw error;
  }
}

/** A JSON feed (application/json) or a CSV file (text/csv) as a stock system exports it; else 415. */
function feedKind(request: Request): 'json' | 'csv' {
  const type = request.headers.get('content-type')?.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv') return 'csv';
  throw new ApiError(
    415,
    'Send the feed as JSON (Content-Type: application/json) or as a CSV file (Content-Type: text/csv).',
    undefined,
    { Accept: 'application/json, text/csv' },
  );
}

async function checkedPush(deps: ApiDeps, request: Request): Promise<AcceptedPush> {
  const kind = feedKind(request);
  const url = new URL(request.url);
  const names = [...url.searchParams.keys()];
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined)
    throw new ApiError(400, `The query names "${twice.slice(0, 40)}" more than once; name each parameter once.`);
  const mode = url.searchParams.get('mode') ?? undefined;
  if (mode !== undefined && mode !== 'full' && mode !== 'delta')
    throw new ApiError(400, '?mode= must be "full" (every car the dealer has) or "delta" (changed cars only).');
  const dealer = resolveSite(request, deps.dealers);
  if (!dealer)
    throw new ApiError(
      404,
      "No dealer site matches this request: send it to the dealer's own host, or name it with ?site=.",
    );
  const secret = deps.stockSecret?.(dealer.slug);
  if (!secret)
    throw new ApiError(
      401,
      `${dealer.slug} takes no stock pushes: its key (STOCK_FEED_SECRET_${envSuffix(dealer.slug)}) is not set.`,
    );
  const now = deps.now();
  const signed = signedHeaders(request.headers, now);
  if ('problem' in signed) throw new ApiError(401, signed.problem);
  const body = await readCapped(request, MAX_STOCK_FEED_BYTES);
  if (!signatureMatches(signed, url.search, body, secret))
    throw new ApiError(
      401,
      `${SIGNATURE_HEADER} does not match this request under ${dealer.slug}'s key: sign "<timestamp>.<sorted query>.<body>" (docs/api.md).`,
    );
  await recordPush(deps.db, dealer.slug, signed, now);
  return { dealer, body, kind, ...(mode ? { mode } : {}), signed, now };
}
