/**
 * The saved-search routes (docs/api.md, "Saved searches"):
 *
 *   POST /api/saved-searches               { email, query, filters?, page?, consent?, site? } → 202
 *        and a confirmation email. Checks as the lead route: Content-Type (415), body (413/400),
 *        site (404), Origin (403), the request (400 with `fields`), then the rate limits (429) per
 *        client address and per email address. The honeypot field filled: 202 and nothing done.
 *        The same address saving the same search again is one search; a confirmed one is not
 *        asked to confirm again.
 *   GET  /api/saved-searches/confirm?token=      a page asking to turn the alert on, with one button;
 *   POST /api/saved-searches/confirm?token=      confirms (double opt-in): the button. A mail program
 *        or link scanner that opens the email's link (GET) confirms nothing.
 *   GET  /api/saved-searches/unsubscribe?token=  a page asking to confirm, with one button;
 *   POST /api/saved-searches/unsubscribe?token=  deletes the search: the button, and the mail
 *        program's one-click unsubscribe (RFC 8058), which posts "List-Unsubscribe=One-Click".
 */
import type { Context } from 'hono';
import type { DealerContent } from '../../content/load.ts';
import { API_ROUTES } from '../../contract/routes.ts';
import { parseWith } from '../../contract/parse.ts';
import { SAVED_SEARCH_HONEYPOT, savedSearchRequest, type SavedSearchResponse } from '../../contract/saved-searches.ts';
import { readJsonObject } from '../body.ts';
import type { ApiDeps } from '../deps.ts';
import { describeError } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { checkOrigin, enforce, limitsOf, requireJson } from '../guard.ts';
import { senderAddress } from '../mail/mailer.ts';
import { clientIp, type Hit } from '../rate-limit.ts';
import { handle, type RouteHandlers } from '../routes/respond.ts';
import { resolveSite } from '../site.ts';
import { confirmationEmail, searchUrl } from './email.ts';
import { recordMail } from './mail-log.ts';
import {
  confirmedPage,
  confirmQuestionPage,
  invalidLinkPage,
  unsubscribedPage,
  unsubscribeQuestionPage,
} from './pages.ts';
import { canonicalQuery, describeSearch, matchingCars, searchRequestOf } from './search.ts';
import {
  confirmSearch,
  deleteSearch,
  emailKey,
  issueToken,
  rememberCars,
  saveSearch,
  searchOfToken,
  tokenHash,
} from './store.ts';

export type SavedSearchRouteName =
  | 'savedSearches'
  | 'savedSearchConfirmPage'
  | 'savedSearchConfirm'
  | 'savedSearchUnsubscribePage'
  | 'savedSearchUnsubscribe';

/** Largest body of a save. */
export const MAX_SAVED_SEARCH_BODY_BYTES = 16 * 1024;
/** Confirmation emails one address may be sent per hour, whoever asks. */
export const PER_EMAIL_PER_HOUR = 3;
/** Link openings (confirm, unsubscribe) per client address per minute. */
export const LINKS_PER_IP_PER_MINUTE = 60;

const TOO_MANY_FROM_NETWORK = 'Too many searches were saved from your network. Please wait a minute and try again.';
const TOO_MANY_FOR_EMAIL =
  'We have already sent several confirmation emails to this address. Please check your inbox (and spam folder), or try again in an hour.';
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

/** The token of a link's query, '' when none. */
const tokenOf = (c: Context) => c.req.query('token') ?? '';

export function savedSearchHandlers(deps: ApiDeps): RouteHandlers<SavedSearchRouteName> {
  const limits = limitsOf(deps);
  const dealerBySlug = (slug: string) => deps.dealers.find((d) => d.slug === slug);

  async function linkLimit(c: Context) {
    const ip = clientIp(c.req.raw);
    if (ip === 'unknown') return;
    await enforce(deps, [{ key: `saved-links:ip:${ip}`, limit: { max: LINKS_PER_IP_PER_MINUTE, windowMs: 60_000 } }]);
  }

  /** The request's dealer for a page of a link whose search is gone, and its origin. */
  function pageContext(c: Context): { dealer?: DealerContent; origin: string } {
    const dealer = resolveSite(c.req.raw, deps.dealers);
    return { dealer, origin: dealer ? dealer.site.url : new URL(c.req.url).origin };
  }

  const save = handle(async (c) => {
    const request = c.req.raw;
    const ip = clientIp(request);
    const ipKey = `saved:ip:${ip}`;
    const ipHits: Hit[] = ip === 'unknown' ? [] : [{ key: ipKey, limit: limits.savedSearchesPerIp }];
    const messages: Record<string, string> = { [ipKey]: TOO_MANY_FROM_NETWORK };
    let checked;
    try {
      requireJson(request);
      const body = await readJsonObject(request, MAX_SAVED_SEARCH_BODY_BYTES);
      const dealer = resolveSite(request, deps.dealers, body.site);
      if (!dealer)
        throw new ApiError(
          404,
          'No dealer site matches this request: call the API from the dealer\'s site, or name it with "site".',
        );
      checkOrigin(request, dealer, deps.allowedOrigins);
      const parsed = parseWith(savedSearchRequest, body);
      if (!parsed.ok) {
        const { message, fields } = parsed.problem;
        throw new ApiError(400, message, fields);
      }
      const query = canonicalQuery(parsed.value.query);
      // The search must be one the stock page could run (400 naming what is wrong otherwise).
      searchRequestOf(query, parsed.value.filters);
      checked = { dealer, input: parsed.value, query };
    } catch (error) {
      // A refused request still counts against its address, so junk from one address is slowed.
      if (error instanceof ApiError && error.status < 500) await enforce(deps, ipHits, messages);
      throw error;
    }
    const { dealer, input, query } = checked;
    const accepted = () =>
      c.json({ status: 'confirmation_sent' } satisfies SavedSearchResponse, 202, { 'Cache-Control': 'no-store' });
    const honeypot = input[SAVED_SEARCH_HONEYPOT];
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      await enforce(deps, ipHits, messages);
      return accepted();
    }
    // Per address, keyed by its hash: the limits table holds no email address.
    const emailHitKey = `saved:email:${tokenHash(emailKey(input.email))}`;
    await enforce(deps, [...ipHits, { key: emailHitKey, limit: { max: PER_EMAIL_PER_HOUR, windowMs: 3_600_000 } }], {
      ...messages,
      [emailHitKey]: TOO_MANY_FOR_EMAIL,
    });
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
      if (outcome.alreadyConfirmed) return { ...outcome, token: undefined };
      // What matches now is on the page the shopper is looking at: no news in a later alert.
      const cars = await matchingCars(tx, dealer.slug, query, input.filters);
      await rememberCars(
        tx,
        outcome.search.id,
        cars.map((h) => ({ id: h.objectID, price: typeof h.price === 'number' ? h.price : null })),
        now,
      );
      return { ...outcome, token: await issueToken(tx, outcome.search.id, 'confirm', now) };
    });
    if (saved.token) {
      const message = confirmationEmail(
        dealer,
        saved.search,
        saved.token,
        deps.mailFrom?.(dealer) ?? senderAddress({}, dealer.site.url),
      );
      try {
        const sent = await mailer.send(message);
        await recordMail(deps.db, { search: saved.search, kind: 'confirm', now, file: sent.file });
      } catch (e) {
        console.error(`Saved search of ${dealer.slug}: the confirmation email failed: ${describeError(e)}`);
        throw new ApiError(503, MAIL_UNAVAILABLE, undefined, { 'Retry-After': '60' });
      }
    }
    return accepted();
  });

  /** A link's GET: the page asking to confirm or to unsubscribe, whose one button posts back. */
  const questionPage = (kind: 'confirm' | 'unsubscribe', post: string, ask: typeof confirmQuestionPage) =>
    handle(async (c) => {
      await linkLimit(c);
      const token = tokenOf(c);
      const search = await searchOfToken(deps.db, token, kind, deps.now());
      const dealer = search && dealerBySlug(search.site_slug);
      if (!search || !dealer) {
        const ctx = pageContext(c);
        return invalidLinkPage(ctx.dealer, ctx.origin, kind);
      }
      const action = `${post}?token=${encodeURIComponent(token)}`;
      return ask(dealer, search.link_origin, describeSearch(search.query), action);
    });
  const confirmPage = questionPage('confirm', API_ROUTES.savedSearchConfirm, confirmQuestionPage);
  const unsubscribePage = questionPage('unsubscribe', API_ROUTES.savedSearchUnsubscribe, unsubscribeQuestionPage);

  const confirm = handle(async (c) => {
    await linkLimit(c);
    const search = await searchOfToken(deps.db, tokenOf(c), 'confirm', deps.now());
    const dealer = search && dealerBySlug(search.site_slug);
    if (!search || !dealer) {
      const ctx = pageContext(c);
      return invalidLinkPage(ctx.dealer, ctx.origin, 'confirm');
    }
    await confirmSearch(deps.db, search.id, deps.now());
    return confirmedPage(dealer, search.link_origin, describeSearch(search.query), searchUrl(search));
  });

  const unsubscribe = handle(async (c) => {
    await linkLimit(c);
    const search = await searchOfToken(deps.db, tokenOf(c), 'unsubscribe', deps.now());
    if (search) await deleteSearch(deps.db, search.id);
    // Unsubscribing twice is no error: the search is gone either way.
    const dealer = search ? dealerBySlug(search.site_slug) : pageContext(c).dealer;
    return unsubscribedPage(dealer, search?.link_origin ?? dealer?.site.url ?? new URL(c.req.url).origin);
  });

  return {
    savedSearches: save,
    savedSearchConfirmPage: confirmPage,
    savedSearchConfirm: confirm,
    savedSearchUnsubscribePage: unsubscribePage,
    savedSearchUnsubscribe: unsubscribe,
  };
}
