/**
 * Lead delivery as a Vercel cron job (dist/api/vercel/deliver-leads.mjs once built; the project's
 * api/deliver-leads.mjs re-exports it, and vercel.json's `crons` calls it every minute). Vercel
 * calls a cron path with `Authorization: Bearer <CRON_SECRET>` when the project has that
 * variable; any other call is refused, so nobody else can make the function work.
 */
import { timingSafeEqual } from 'node:crypto';
import { processEnv, readEnv } from '../../config/env.ts';
import { errorResponse } from '../core/errors.ts';
import { deliverDueLeads } from './instance.ts';

/** Whether `authorization` is exactly `Bearer <secret>`, compared in constant time. */
export function authorized(authorization: string | null, secret: string): boolean {
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function fetch(request: Request): Promise<Response> {
  const secret = readEnv(processEnv(), 'CRON_SECRET');
  if (!secret) {
    console.error(
      "CRON_SECRET is not set: set it in the project's environment variables so Vercel Cron can call the lead delivery, and nobody else.",
    );
    return errorResponse(503, 'Lead delivery is not configured (CRON_SECRET).');
  }
  if (!authorized(request.headers.get('authorization'), secret))
    return errorResponse(401, "This path is for the project's cron job.");
  if (request.method !== 'GET')
    return errorResponse(405, `${request.method} is not allowed here.`, undefined, { Allow: 'GET' });
  return Response.json(await deliverDueLeads(), { headers: { 'Cache-Control': 'no-store' } });
}

export default { fetch };
