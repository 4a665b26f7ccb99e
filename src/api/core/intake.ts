/**
 * The intake of a JSON save whose every refusal counts against the client's address (the lead
 * and saved-search saves): `refusalsCounted` runs a check and, when it refuses (an ApiError under
 * 500), counts the request before the refusal is answered; `jsonIntake` is the middleware that
 * checks the Content-Type, reads the body within its limit, resolves the site and checks the
 * Origin that way, leaving the body and the dealer in `c.var` for validate() and the handler.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { readJsonObject } from './body.ts';
import type { ApiDeps } from './deps.ts';
import { ApiError } from './errors.ts';
import { checkOrigin, requireJson } from './guard.ts';
import { noSite, type ApiEnv } from './respond.ts';
import { resolveSite } from './site.ts';

/** Runs a check; a refusal it throws is counted by `countRefused` first, and then thrown. */
export type Counting = <T>(c: Context, check: () => Promise<T> | T) => Promise<T>;

export function refusalsCounted(countRefused: (c: Context) => Promise<void>): Counting {
  return async (c, check) => {
    try {
      return await check();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) await countRefused(c);
      throw error;
    }
  };
}

/** Content-Type, body (at most `maxBytes`), site and Origin, each refusal counted. */
export function jsonIntake(
  deps: Pick<ApiDeps, 'dealers' | 'allowedOrigins'>,
  maxBytes: number,
  counting: Counting,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await counting(c, async () => {
      const request = c.req.raw;
      requireJson(request);
      const body = await readJsonObject(request, maxBytes);
      const dealer = resolveSite(request, deps.dealers, body.site);
      if (!dealer) throw noSite();
      checkOrigin(request, dealer, deps.allowedOrigins);
      c.set('body', body);
      c.set('dealer', dealer);
    });
    await next();
  };
}
