/**
 * The contract between the form islands and the API's lead route. Both sides import this file;
 * the shapes here are what crosses the network.
 *
 * A form session is one visitor filling one form block. The island makes a random
 * `idempotencyKey` when the form mounts and sends it with every save of that session, so retries
 * and double clicks land on the same lead. The first accepted save creates the lead and returns
 * its `lead_id`; later saves (partial or final) update it. The final save (`isLastStep: true`)
 * completes the lead exactly once.
 */

import { API_ROUTES } from '../contract/routes.ts';

/** POST: save a lead (partial or final). */
export const LEAD_ROUTE = API_ROUTES.leads;

/** The hidden field bots fill and people never see. A save with it filled is kept, flagged as spam. */
export const HONEYPOT_FIELD = 'website_url_confirm';

/** Largest JSON body the lead route accepts (bytes); larger bodies get 413. */
export const MAX_LEAD_BODY_BYTES = 64 * 1024;

/**
 * The body of a save: its schema is src/features/leads/contract/leads.ts, which the API parses with. Only the
 * type comes here, so no schema code reaches the browser.
 */
export type { LeadSaveRequest } from '../features/leads/contract/leads.ts';

/** What the route answers (src/features/leads/contract/leads.ts). */
export type { LeadSaveResponse, LeadStatus } from '../features/leads/contract/leads.ts';

/** The one error shape of every API route (src/contract/errors.ts). */
export type { ApiErrorBody } from '../contract/errors.ts';
