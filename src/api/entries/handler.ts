/**
 * The API for any platform that calls a Fetch handler (dist/api/handler.mjs once built):
 *
 *   import { fetch } from '../handler.mjs'    → (request: Request) => Promise<Response>
 *   import { deliver } from '../handler.mjs'  → delivers due leads and, hourly, applies the lead
 *                                             retention policy; call it from a scheduled job
 *
 * The platforms with their own calling conventions have entries of their own beside this one.
 * See serverless.ts for where dealers and the database come from. Unlike the platforms' entries,
 * this one has the embedded database: with DATA_DIR and no DATABASE_URL it runs PGlite there, for
 * a trial (the package @electric-sql/pglite installed beside it).
 */
import { openPglite } from '../db/pglite.ts';
import { serverlessApi } from './serverless.ts';

const { deliverDueLeads, handleRequest } = serverlessApi({ openEmbedded: openPglite });

export function fetch(request: Request): Promise<Response> {
  return handleRequest(request);
}

export const deliver = deliverDueLeads;

export default { fetch };
