/**
 * The paths a Vercel project of the API uses, shared by its two functions and by the build that
 * writes vercel.json for them (so the file and the code cannot disagree). No imports: the build
 * reads this without loading the API.
 */

/** The query parameter vercel.json's rewrite names the route with. */
export const REWRITE_PARAM = 'apiRoute';

/** Every /api/<route> goes to api/index.mjs, which Vercel serves at /api. */
export const VERCEL_REWRITE = { source: `/api/:${REWRITE_PARAM}*`, destination: '/api' } as const;

/** api/deliver-leads.mjs, which Vercel Cron calls. */
export const DELIVER_PATH = '/api/deliver-leads';
