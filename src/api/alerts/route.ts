/**
 * The saved-search routes (docs/api.md, "Saved searches"):
 *
 *   POST /api/saved-searches               { email, query, filters?, page?, consent?, site? } → 202
 *        and a confirmation email. Checks as the lead route: Content-Type (415), body (413/400),
 *        site (404), Origin (403), the request (400 with `fields`), then the rate limits (429 with
 *        Retry-After): per client address, per inbox (PER_EMAIL_PER_HOUR confirmation emails; an
 *        inbox is the address without its +tag, and for Gmail without dots: store.ts inboxKey) and
 *        per dealer site (RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE, guard.ts). The honeypot field filled:
 *        202 and nothing done. The answer is the same whether or not the address had the search.
 *        The same address saving the same search again is one search. A confirmed search changes
 *        only through a link sent to its address: saving it again changes nothing of it (its
 *        consent, its links, its retention clock) and emails the address a change link instead.
 *   GET  /api/saved-searches/confirm?token=      a page asking to turn the alert on (a confirmation
 *        link) or to update it (a change link), with one button;
 *   POST /api/saved-searches/confirm?token=      the button: confirms (double opt-in) with the values
 *        of the save that sent the link, or applies the change. A mail program or link scanner that
 *        opens the email's link (GET) changes nothing.
 *   GET  /api/saved-searches/unsubscribe?token=  a page asking to confirm, with one button;
 *   POST /api/saved-searches/unsubscribe?token=  deletes the search: the button, and the mail
 *        program's one-click unsubscribe (RFC 8058), which posts "List-Unsubscribe=One-Click".
 *
 * A link works only on its own dealer's site: the request's site (its host, else its `site`
 * parameter; src/api/site.ts) must be the search's dealer, or, on an address that names no
 * dealer, the link's own origin (a preview among API_ALLOWED_ORIGINS). Elsewhere a token is
 * answered as an unknown one, and nothing is done.
 */
import type { Context } from 'hono';
import type { DealerContent } from '../../content/load.ts';
import { API_ROUTES } from '../../contract/routes.ts';
import { parseWith } from '../../contract/parse.ts';
import { SAVED_SEARCH_HONEYPOT, savedSearchRequest, type SavedSearchResponse } from '../../contract/saved-searches.ts';
import { readJsonObject } from '../core/body.ts';
import type { ApiDeps } from '../core/deps.ts';
import { describeError } from '../db/errors.ts';
import { ApiError } from '../core/errors.ts';
import { checkOrigin, confirmationsPerSiteOf, enforce, limitsOf, requireJson } from '../core/guard.ts';
import { senderAddress } from '../mail/mailer.ts';
import { clientIp, type Hit } from '../core/rate-limit.ts';
import { handle, type RouteHandlers } from '../core/respond.ts';
import { resolveSite } from '../core/site.ts';
import { changeEmail, confirmationEmail, searchUrl } from './email.ts';
import { recordMail } from './mail-log.ts';
import {
  changedPage,
  changeQuestionPage,
  confirmedPage,
  confirmQuestionPage,
  invalidLinkPage,
  unsubscribedPage,
  unsubscribeQuestionPage,
} from './pages.ts';
import { canonicalQuery, describeSearch, matchingCars, searchRequestOf } from './search.ts';
import {
  applyChange,
  confirmSearch,
  deleteSearch,
  inboxKey,
  issueToken,
  rememberCars,
  saveSearch,
  searchOfToken,
  tokenHash,
  type TokenPurpose,
  type TokenSearch,
} from './store.ts';

export type SavedSearchRouteName =
  | 'savedSearches'
  | 'savedSearchConfirmPage'
  | 'savedSearchConfirm'
  | 'savedSearchUnsubscribePage'
  | 'savedSearchUnsubscribe';

/** Largest body of a save. */
export const MAX_SAVED_SEARCH_BODY_BYTES = 16 * 1024;
/** Confirmation and change emails one inbox may be sent per hour, whoever asks, from every dealer. */
export const PER_EMAIL_PER_HOUR = 3;
/** Link openings (confirm, unsubscribe) per client address per minute. */
export const LINKS_PER_IP_PER_MINUTE = 60;

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
  });

  /**
   * The link's search when the token is one of `purposes` and the request is on the search's own
   * dealer's site (see the header); else undefined, as for a token that does not exist.
   */
  async function linkOf(c: Context, purposes: readonly TokenPurpose[]): Promise<TokenSearch | undefined> {
    const link = await searchOfToken(deps.db, tokenOf(c), purposes, deps.now());
    if (!link) return undefined;
    const site = resolveSite(c.req.raw, deps.dealers);
    if (site) return site.slug === link.search.site_slug ? link : undefined;
    const origins = [link.search.link_origin, link.values?.link_origin].flatMap((o) => {
      try {
        return o ? [new URL(o).host.toLowerCase()] : [];
      } catch {
        return [];
      }
    });
    const hosts = [new URL(c.req.url).host, c.req.header('host'), c.req.header('x-forwarded-host')?.split(',')[0]]
      .filter((h): h is string => !!h)
      .map((h) => h.trim().toLowerCase());
    return hosts.some((h) => origins.includes(h)) ? link : undefined;
  }

  /** The origin a link's pages use: the one its email was sent for. */
  const originOf = (link: TokenSearch) =>
    link.purpose === 'change' && link.values ? link.values.link_origin : link.search.link_origin;

  const invalid = (c: Context, kind: 'confirm' | 'unsubscribe') => {
    const ctx = pageContext(c);
    return invalidLinkPage(ctx.dealer, ctx.origin, kind);
  };

  /** The confirm route's GET: the page asking to confirm, or to apply a change, whose one button posts back. */
  const confirmPage = handle(async (c) => {
    await linkLimit(c);
    const link = await linkOf(c, ['confirm', 'change']);
    const dealer = link && dealerBySlug(link.search.site_slug);
    if (!link || !dealer) return invalid(c, 'confirm');
    const action = `${API_ROUTES.savedSearchConfirm}?token=${encodeURIComponent(tokenOf(c))}`;
    const what = describeSearch(link.search.query);
    return link.purpose === 'change'
      ? changeQuestionPage(dealer, originOf(link), what, link.values?.consent ?? null, action)
      : confirmQuestionPage(dealer, originOf(link), what, action);
  });

  const unsubscribePage = handle(async (c) => {
    await linkLimit(c);
    const token = tokenOf(c);
    const link = await linkOf(c, ['unsubscribe']);
    const dealer = link && dealerBySlug(link.search.site_slug);
    if (!link || !dealer) return invalid(c, 'unsubscribe');
    const action = `${API_ROUTES.savedSearchUnsubscribe}?token=${encodeURIComponent(token)}`;
    return unsubscribeQuestionPage(dealer, link.search.link_origin, describeSearch(link.search.query), action);
  });

  const confirm = handle(async (c) => {
    await linkLimit(c);
    const link = await linkOf(c, ['confirm', 'change']);
    const dealer = link && dealerBySlug(link.search.site_slug);
    if (!link || !dealer) return invalid(c, 'confirm');
    const now = deps.now();
    const what = describeSearch(link.search.query);
    if (link.purpose === 'change') {
      const search = await deps.db.transaction((tx) => applyChange(tx, link, now));
      return changedPage(dealer, search.link_origin, what, searchUrl(search));
    }
    const search = await deps.db.transaction((tx) => confirmSearch(tx, link, now));
    return confirmedPage(dealer, search.link_origin, what, searchUrl(search));
  });

  const unsubscribe = handle(async (c) => {
    await linkLimit(c);
    const link = await linkOf(c, ['unsubscribe']);
    if (link) await deleteSearch(deps.db, link.search.id);
    // Unsubscribing twice is no error: the search is gone either way (and a link of another
    // dealer's site is answered the same, doing nothing).
    const dealer = link ? dealerBySlug(link.search.site_slug) : pageContext(c).dealer;
    return unsubscribedPage(dealer, link?.search.link_origin ?? dealer?.site.url ?? new URL(c.req.url).origin);
  });

  return {
    savedSearches: save,
    savedSearchConfirmPage: confirmPage,
    savedSearchConfirm: confirm,
    savedSearchUnsubscribePage: unsubscribePage,
    savedSearchUnsubscribe: unsubscribe,
  };
}
