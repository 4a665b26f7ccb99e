/**
 * The API as a Vercel Function on the Node.js runtime (dist/api/vercel/api.mjs once built; the
 * project's api/index.mjs re-exports it): Vercel's Web-standard signature, a default export with
 * `fetch(request, context)`.
 *
 * Vercel serves api/index.mjs at /api; vercel.json rewrites every /api/<route> there
 * (VERCEL_REWRITE, vercel-routes.ts). A rewritten request may reach the function with the path the browser asked
 * for or with /api, and with the rewrite's parameter added to its query: the route's own URL is
 * put back before the API sees it. Vercel sets X-Forwarded-For itself (a client's own value is
 * replaced), so the rate limits read the true address as they are.
 */
import type { Invocation } from './serverless.ts';
import { handleRequest } from './instance.ts';
import { REWRITE_PARAM } from './vercel-routes.ts';

/** The URL the browser asked for, from a request Vercel's rewrite delivered. */
export function routeUrl(requestUrl: string): URL {
  const url = new URL(requestUrl);
  const route = url.searchParams.get(REWRITE_PARAM);
  if (route === null) return url;
  url.searchParams.delete(REWRITE_PARAM);
  if (/^\/api(\/(index(\.mjs)?)?)?$/.test(url.pathname)) url.pathname = `/api/${route}`;
  return url;
}

async function fetch(request: Request, context?: Invocation): Promise<Response> {
  const url = routeUrl(request.url);
  if (url.href !== request.url) {
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    request = new Request(url, { method: request.method, headers: request.headers, body });
  }
  return handleRequest(request, context);
}

export default { fetch };
