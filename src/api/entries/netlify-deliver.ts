/**
 * Lead delivery as a Netlify scheduled function (dist/api/netlify/functions/deliver-leads.mjs
 * once built): every minute, UTC, on published deploys, it delivers due leads and, hourly,
 * applies the lead retention policy. Netlify gives scheduled functions 30 seconds and does not
 * route requests from the web to them.
 */
import { deliverDueLeads } from './instance.ts';

export default async function deliverLeads(): Promise<Response> {
  const run = await deliverDueLeads();
  return Response.json(run);
}

// Netlify reads this object from the file itself when it deploys: literals only.
export const config = { schedule: '* * * * *' };
