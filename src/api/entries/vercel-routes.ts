/**
 * The paths a Vercel project of the API uses, shared by its two functions and by the build that
 * writes vercel.json for them (so the file and the code cannot disagree). It imports only the
 * route table's base (which imports nothing), so the build reads it without loading the API.
 */
import { API_BASE } from '../../contract/routes.ts';

/** The query parameter vercel.json's rewrite names the route with. */
export const REWRITE_PARAM = 'apiRoute';

/** Every /api/<route> goes to api/index.mjs, which Vercel serves at /api. */
export const VERCEL_REWRITE = { source: `${API_BASE}/:${REWRITE_PARAM}*`, destination: API_BASE } as const;

/** api/deliver-leads.mjs, which Vercel Cron calls. */
export const DELIVER_PATH = `${API_BASE}/deliver-leads`;
