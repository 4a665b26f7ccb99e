/**
 * The API as a Netlify Function (dist/api/netlify/functions/api.mjs once built): Netlify's
 * current signature, a default export `(request, context) => Response`, routed by `config.path`
 * on every domain of the site, so `/api/*` needs no redirect rule.
 *
 * `context.ip` is the client's address as Netlify saw it; `context.waitUntil` keeps the function
 * running while a lead the request completed is delivered.
 */
import { withPeerAddress } from './serverless.ts';
import { handleRequest } from './instance.ts';

/** The parts of Netlify's Context this entry reads (the package @netlify/functions types it whole). */
export interface NetlifyContext {
  ip?: string;
  waitUntil?(promise: Promise<unknown>): void;
}

export default async function api(request: Request, context: NetlifyContext): Promise<Response> {
  return handleRequest(withPeerAddress(request, context?.ip), context);
}

// Netlify reads this object from the file itself when it deploys: literals only.
export const config = { path: '/api/*' };
