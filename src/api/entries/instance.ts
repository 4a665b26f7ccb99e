/**
 * The API of the platforms' entries (Lambda, Netlify, Vercel): one per function instance, which
 * every entry of the instance shares. It has no embedded database (no opener is passed), so it
 * needs DATABASE_URL, and PGlite is nowhere in these entries' module graph (serverless.ts).
 */
import { serverlessApi } from './serverless.ts';

export const { handleRequest, deliverDueLeads } = serverlessApi();
