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
 * parameter; src/api/core/site.ts) must be the search's dealer, or, on an address that names no
 * dealer, the link's own origin (a preview among API_ALLOWED_ORIGINS). Elsewhere a token is
 * answered as an unknown one, and nothing is done.
 */
import type { Context, Handler } from 'hono';
import type { DealerContent } from '../../../content/load.ts';
import { API_ROUTES } from '../../../contract/routes.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { enforce } from '../../../api/core/guard.ts';
import { clientIp } from '../../../api/core/rate-limit.ts';
import { featureApp, routePath } from '../../../api/core/respond.ts';
import { resolveSite } from '../../../api/core/site.ts';
import { searchUrl } from './email.ts';
import {
  changedPage,
  changeQuestionPage,
  confirmedPage,
  confirmQuestionPage,
  invalidLinkPage,
  unsubscribedPage,
  unsubscribeQuestionPage,
} from './pages.ts';
import { saveSearchRoute } from './save.ts';
import { describeSearch } from './search.ts';
import {
  applyChange,
  confirmSearch,
  deleteSearch,
  searchOfToken,
  type TokenPurpose,
  type TokenSearch,
} from './store.ts';

/** Link openings (confirm, unsubscribe) per client address per minute. */
export const LINKS_PER_IP_PER_MINUTE = 60;

/** The token of a link's query, '' when none. */
const tokenOf = (c: Context) => c.req.query('token') ?? '';

/** The saved-search routes: the save (save.ts) and its links. */
export function savedSearchesApp(deps: ApiDeps) {
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
  const confirmPage: Handler = async (c) => {
    await linkLimit(c);
    const link = await linkOf(c, ['confirm', 'change']);
    const dealer = link && dealerBySlug(link.search.site_slug);
    if (!link || !dealer) return invalid(c, 'confirm');
    const action = `${API_ROUTES.savedSearchConfirm}?token=${encodeURIComponent(tokenOf(c))}`;
    const what = describeSearch(link.search.query);
    return link.purpose === 'change'
      ? changeQuestionPage(dealer, originOf(link), what, link.values?.consent ?? null, action)
      : confirmQuestionPage(dealer, originOf(link), what, action);
  };

  const unsubscribePage: Handler = async (c) => {
    await linkLimit(c);
    const token = tokenOf(c);
    const link = await linkOf(c, ['unsubscribe']);
    const dealer = link && dealerBySlug(link.search.site_slug);
    if (!link || !dealer) return invalid(c, 'unsubscribe');
    const action = `${API_ROUTES.savedSearchUnsubscribe}?token=${encodeURIComponent(token)}`;
    return unsubscribeQuestionPage(dealer, link.search.link_origin, describeSearch(link.search.query), action);
  };

  const confirm: Handler = async (c) => {
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
  };

  const unsubscribe: Handler = async (c) => {
    await linkLimit(c);
    const link = await linkOf(c, ['unsubscribe']);
    if (link) await deleteSearch(deps.db, link.search.id);
    // Unsubscribing twice is no error: the search is gone either way (and a link of another
    // dealer's site is answered the same, doing nothing).
    const dealer = link ? dealerBySlug(link.search.site_slug) : pageContext(c).dealer;
    return unsubscribedPage(dealer, link?.search.link_origin ?? dealer?.site.url ?? new URL(c.req.url).origin);
  };

  return featureApp()
    .post(routePath('savedSearches'), ...saveSearchRoute(deps))
    .get(routePath('savedSearchConfirmPage'), confirmPage)
    .post(routePath('savedSearchConfirm'), confirm)
    .get(routePath('savedSearchUnsubscribePage'), unsubscribePage)
    .post(routePath('savedSearchUnsubscribe'), unsubscribe);
}
