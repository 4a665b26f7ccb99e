/**
 * What the routes that take visitors' input (leads, finance, search) check before doing any work:
 *
 * - The body is JSON by its Content-Type (415 otherwise). A browser sends a cross-site
 *   `application/json` POST only after a CORS preflight, which this API never grants, so a page
 *   elsewhere cannot make visitors' browsers post forms. The search route, which only reads, also
 *   takes `text/plain`: Algolia's own clients post their JSON so (to avoid the preflight), and
 *   Algolia takes it; a browser still names the page's Origin, which is checked as for JSON.
 * - An Origin header, when there is one, is one of the dealer's own origins (403 otherwise):
 *   its site.url (with or without www), http(s)://<slug>.localhost on any port, the address the
 *   request itself was sent to, or one of API_ALLOWED_ORIGINS. Clients that are no browser send
 *   no Origin and are let through: the rate limits hold them.
 * - Rate limits per client address and per site (429 with Retry-After).
 */
import type { DealerContent } from '../../content/load.ts';
import { readEnv, type Env } from '../../config/env.ts';
import { DEFAULT_RATE_LIMITS, type ApiDeps, type RateLimitConfig } from './deps.ts';
import { ApiError } from './errors.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { counterFor, clientIp, type Hit, type Limit, type RateCounter } from './rate-limit.ts';
import { dealerFor, readBody, type ApiEnv } from './respond.ts';

export function requireJson(request: Request, options: { textPlain?: boolean } = {}): void {
  const type = request.headers.get('content-type')?.split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !(options.textPlain && type === 'text/plain')) {
    throw new ApiError(
      415,
      'Send the request body as JSON, with the header Content-Type: application/json.',
      undefined,
      { Accept: 'application/json' },
    );
  }
}

function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

const withoutWww = (host: string) => host.replace(/^www\./, '');
const withoutPort = (host: string) => host.replace(/:\d+$/, '');

/** Whether `origin` (an Origin header) may post to `dealer`'s routes of this request. */
export function originAllowed(
  origin: string,
  request: Request,
  dealer: DealerContent,
  extra: readonly string[] = [],
): boolean {
  const host = hostOf(origin);
  if (!host) return false;
  const own = hostOf(dealer.site.url);
  if (own && withoutWww(own) === withoutWww(host)) return true;
  if (withoutPort(host) === `${dealer.slug}.localhost`) return true;
  const target = hostOf(request.url);
  const sentTo = request.headers.get('host')?.trim().toLowerCase();
  if (host === target || host === sentTo) return true;
  return extra.some((allowed) => hostOf(allowed) === host);
}

/** API_ALLOWED_ORIGINS: comma-separated origins such as "https://preview.example.net"; throws naming a bad one. */
export function allowedOriginsFromEnv(env: Env): string[] {
  const list = (readEnv(env, 'API_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list) {
    if (!hostOf(origin))
      throw new Error(
        `API_ALLOWED_ORIGINS holds "${origin}", which is not an http(s) origin such as https://preview.example.net.`,
      );
  }
  return list;
}

export function checkOrigin(request: Request, dealer: DealerContent, extra?: readonly string[]): void {
  const origin = request.headers.get('origin');
  if (origin === null) return;
  if (!originAllowed(origin, request, dealer, extra)) {
    throw new ApiError(
      403,
      `This request comes from a page that is not ${dealer.site.name}'s website (Origin ${origin.slice(0, 100)}).`,
    );
  }
}

/** The deps' limits, each defaulting to DEFAULT_RATE_LIMITS'. */
export function limitsOf(deps: ApiDeps): RateLimitConfig {
  return { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
}

/**
 * The per-site limit of saved-search confirmation and change emails (an hour, whoever asks):
 * RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE, through the deps' limits.
 */
export function confirmationsPerSiteOf(deps: ApiDeps): Limit {
  return limitsOf(deps).savedSearchConfirmationsPerSite;
}

const counters = new WeakMap<ApiDeps, RateCounter>();

/** One counter per deps, so every route of an app counts in the same place. */
export function counterOf(deps: ApiDeps): RateCounter {
  if (deps.rateCounter) return deps.rateCounter;
  let counter = counters.get(deps);
  if (!counter) counters.set(deps, (counter = counterFor(deps.db)));
  return counter;
}

/** Counts `hits`; throws 429 with Retry-After and `messages[key]` (else a generic text) when one is over. */
export async function enforce(deps: ApiDeps, hits: Hit[], messages: Record<string, string> = {}): Promise<void> {
  if (!hits.length) return;
  const answer = await counterOf(deps).hit(hits, deps.now().getTime());
  if (!answer.ok) {
    throw new ApiError(
      429,
      messages[answer.key] ?? 'Too many requests were sent from your network. Please wait a minute and try again.',
      undefined,
      {
        'Retry-After': String(Math.ceil(answer.retryAfterMs / 1000)),
      },
    );
  }
}

/**
 * What a JSON route of visitors' input checks before its work: Content-Type (415), body (413,
 * 400), site (404), Origin (403), then one hit on `route`'s per-address limit (429, `tooMany`).
 */
export async function guardedJson(
  c: Context,
  deps: ApiDeps,
  route: 'finance' | 'search' | 'valuation' | 'reservations' | 'deals' | 'rego',
  limit: Limit,
  tooMany: string,
) {
  requireJson(c.req.raw, { textPlain: route === 'search' });
  const body = await readBody(c);
  const dealer = dealerFor(c, deps, body.site);
  checkOrigin(c.req.raw, dealer, deps.allowedOrigins);
  const ip = clientIp(c.req.raw);
  if (ip !== 'unknown') {
    const key = `${route}:ip:${ip}`;
    await enforce(deps, [{ key, limit }], { [key]: tooMany });
  }
  return { body, dealer };
}

/**
 * guardedJson as middleware: the handler finds the dealer and body in `c.var`, and
 * validate('json', …) (validate.ts) reads the body read here, so its stream is read once.
 */
export function guard(
  deps: ApiDeps,
  route: 'finance' | 'search' | 'valuation' | 'reservations' | 'deals' | 'rego',
  limit: (limits: RateLimitConfig) => Limit,
  tooMany: string,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { body, dealer } = await guardedJson(c, deps, route, limit(limitsOf(deps)), tooMany);
    c.set('body', body);
    c.set('dealer', dealer);
    c.req.bodyCache.json = Promise.resolve(body);
    await next();
  };
}
