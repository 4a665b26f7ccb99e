/**
 * POST /api/saved-searches   { email, query, filters?, page?, consent?, site? } → 202 and a
 * confirmation email (docs/api.md, "Saved searches"; the link routes are app.ts's). Checks as the
 * lead route: Content-Type (415), body (413/400), site (404), Origin (403), the request (400 with
 * `fields`), then the rate limits (429 with Retry-After): per client address, per inbox
 * (PER_EMAIL_PER_HOUR confirmation emails; an inbox is the address without its +tag, and for
 * Gmail without dots: store.ts inboxKey) and per dealer site
 * (RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE, guard.ts). The honeypot field filled: 202 and
 * nothing done. The answer is the same whether or not the address had the search. The same
 * address saving the same search again is one search. A confirmed search changes only through a
 * link sent to its address: saving it again changes nothing of it (its consent, its links, its
 * retention clock) and emails the address a change link instead.
 *
 * The route is three handlers: the intake (Content-Type, body, site, Origin), validate() on the
 * contract's savedSearchRequest, and the save. Every check before the rate limits that refuses
 * the request counts it against its address (validate's onRefused for the schema's).
 */
import type { z } from 'astro/zod';
import type { Context, Handler } from 'hono';
import type { DealerContent } from '../../../content/load.ts';
import {
  SAVED_SEARCH_HONEYPOT,
  savedSearchRequest,
  type SavedSearchRequest,
  type SavedSearchResponse,
} from '../contract/saved-searches.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { describeError } from '../../../api/db/errors.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { confirmationsPerSiteOf, enforce, limitsOf } from '../../../api/core/guard.ts';
import { jsonIntake, refusalsCounted } from '../../../api/core/intake.ts';
import { senderAddress } from '../../../api/mail/mailer.ts';
import { clientIp, type Hit } from '../../../api/core/rate-limit.ts';
import type { ApiEnv } from '../../../api/core/respond.ts';
import { validate } from '../../../api/core/validate.ts';
import { changeEmail, confirmationEmail } from './email.ts';
import { recordMail } from './mail-log.ts';
import { canonicalQuery, matchingCars, searchRequestOf } from './search.ts';
import { inboxKey, issueToken, rememberCars, saveSearch, tokenHash } from './store.ts';

/** Largest body of a save. */
export const MAX_SAVED_SEARCH_BODY_BYTES = 16 * 1024;
/** Confirmation and change emails one inbox may be sent per hour, whoever asks, from every dealer. */
export const PER_EMAIL_PER_HOUR = 3;

const TOO_MANY_FROM_NETWORK = 'Too many searches were saved from your network. Please wait a minute and try again.';
const TOO_MANY_FOR_EMAIL =
  'We have already sent several confirmation emails to this address. Please check your inbox (and spam folder), or try again in an hour.';
const TOO_MANY_FOR_SITE = 'This site has sent too many confirmation emails in the last hour. Please try again later.';
export const MAIL_UNAVAILABLE = 'We could not send the confirmation email just now. Please try again in a moment.';

/**
 * Where the emails' links go: the page's origin when it is one of the dealer's own (its site.url,
 * with or without www, http://<slug>.localhost, API_ALLOWED_ORIGINS), else its site.url. Never
 * the address the request was merely sent to: a forged Host must not put its links in an email.
 */
export function linkOrigin(request: Request, dealer: DealerContent, allowed: readonly string[] = []): string {
  const fallback = dealer.site.url.replace(/\/+$/, '');
  const origin = request.headers.get('origin');
  if (!origin) return fallback;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  let own: string | undefined;
  try {
    own = new URL(dealer.site.url).host;
  } catch {
    own = undefined;
  }
  const ok =
    (own !== undefined && bare(own) === bare(url.host)) ||
    url.hostname === `${dealer.slug}.localhost` ||
    allowed.some((a) => {
      try {
        return new URL(a).origin === url.origin;
      } catch {
        return false;
      }
    });
  return ok ? url.origin : fallback;
}

/** The handlers of POST /api/saved-searches, in order. */
export function saveSearchRoute(deps: ApiDeps) {
  const limits = limitsOf(deps);
  const addressLimit = (request: Request) => {
    const ip = clientIp(request);
    const ipKey = `saved:ip:${ip}`;
    const ipHits: Hit[] = ip === 'unknown' ? [] : [{ key: ipKey, limit: limits.savedSearchesPerIp }];
    const messages: Record<string, string> = { [ipKey]: TOO_MANY_FROM_NETWORK };
    return { ipHits, messages };
  };
  /** A refused request still counts against its address, so junk from one address is slowed. */
  const countRefused = async (c: Context) => {
    const { ipHits, messages } = addressLimit(c.req.raw);
    await enforce(deps, ipHits, messages);
  };
  const counting = refusalsCounted(countRefused);
  /** Content-Type, body, site and Origin: the dealer and body in `c.var` for validate() and the save. */
  const intake = jsonIntake(deps, MAX_SAVED_SEARCH_BODY_BYTES, counting);

  const save: Handler<
    ApiEnv,
    string,
    { in: { json: SavedSearchRequest }; out: { json: z.output<typeof savedSearchRequest> } }
  > = async (c) => {
    const request = c.req.raw;
    const { ipHits, messages } = addressLimit(request);
    const dealer = c.get('dealer');
    const input = c.req.valid('json');
    const query = canonicalQuery(input.query);
    // The search must be one the stock page could run (400 naming what is wrong otherwise).
    await counting(c, () => searchRequestOf(query, input.filters));
    const accepted = () =>
      c.json({ status: 'confirmation_sent' } satisfies SavedSearchResponse, 202, { 'Cache-Control': 'no-store' });
    const honeypot = input[SAVED_SEARCH_HONEYPOT];
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      await enforce(deps, ipHits, messages);
      return accepted();
    }
    // Per inbox, keyed by its hash (the limits table holds no email address), and per site.
    const emailHitKey = `saved:email:${tokenHash(inboxKey(input.email))}`;
    const siteHitKey = `saved:site:${dealer.slug}`;
    await enforce(
      deps,
      [
        ...ipHits,
        { key: emailHitKey, limit: { max: PER_EMAIL_PER_HOUR, windowMs: 3_600_000 } },
        { key: siteHitKey, limit: confirmationsPerSiteOf(deps) },
      ],
      { ...messages, [emailHitKey]: TOO_MANY_FOR_EMAIL, [siteHitKey]: TOO_MANY_FOR_SITE },
    );
    const mailer = deps.mailer;
    if (!mailer) throw new ApiError(503, MAIL_UNAVAILABLE, undefined, { 'Retry-After': '60' });
    const now = deps.now();
    const saved = await deps.db.transaction(async (tx) => {
      const outcome = await saveSearch(tx, {
        site: dealer.slug,
        email: input.email,
        query,
        filters: input.filters,
        page: input.page,
        origin: linkOrigin(request, dealer, deps.allowedOrigins),
        consent: input.consent,
        now,
      });
      // A confirmed search is left as it is: its address gets a link that applies this save.
      if (outcome.alreadyConfirmed)
        return { ...outcome, token: await issueToken(tx, outcome.search.id, 'change', now, outcome.values) };
      // What matches now is on the page the shopper is looking at: no news in a later alert.
      const cars = await matchingCars(tx, dealer.slug, query, input.filters);
      await rememberCars(
        tx,
        outcome.search.id,
        cars.map((h) => ({ id: h.objectID, price: typeof h.price === 'number' ? h.price : null })),
        now,
      );
      return { ...outcome, token: await issueToken(tx, outcome.search.id, 'confirm', now, outcome.values) };
    });
    const sender = deps.mailFrom?.(dealer) ?? senderAddress({}, dealer.site.url);
    const message = saved.alreadyConfirmed
      ? changeEmail(dealer, saved.search, saved.values, saved.token, sender)
      : confirmationEmail(dealer, saved.search, saved.token, sender);
    try {
      const sent = await mailer.send(message);
      await recordMail(deps.db, { search: saved.search, kind: 'confirm', now, file: sent.file });
    } catch (e) {
      console.error(`Saved search of ${dealer.slug}: the confirmation email failed: ${describeError(e)}`);
      throw new ApiError(503, MAIL_UNAVAILABLE, undefined, { 'Retry-After': '60' });
    }
    return accepted();
  };

  return [intake, validate('json', savedSearchRequest, undefined, { onRefused: countRefused }), save] as const;
}
