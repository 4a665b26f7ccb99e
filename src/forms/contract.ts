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

/** POST: save a lead (partial or final). */
export const LEAD_ROUTE = '/api/leads';

/** The hidden field bots fill and people never see. A save with it filled is kept, flagged as spam. */
export const HONEYPOT_FIELD = 'website_url_confirm';

/** Largest JSON body the lead route accepts (bytes); larger bodies get 413. */
export const MAX_LEAD_BODY_BYTES = 64 * 1024;

export interface LeadSaveRequest {
  /** The dealer's site slug; optional when the Host header names the site. */
  site?: string;
  /** One per form session (a UUID made by the island). Required. */
  idempotencyKey: string;
  /** The id returned by an earlier save of this session, when there was one. */
  lead_id?: string;
  /** True on the final submit; false for a partial save after a step. */
  isLastStep: boolean;
  /** Which form: the page and the form block on it, so the server validates with the same schema. */
  form: {
    pageId: string;
    blockId: string;
    /** The step just completed (its key). */
    step: string;
  };
  /** Every value of the form so far, by field name (lead values of spec §3 and step fields). */
  values: Record<string, unknown>;
  /** utm_* and similar values captured from the landing URL. */
  tracking?: Record<string, string>;
}

export type LeadStatus = 'Partial' | 'Complete';

export interface LeadSaveResponse {
  lead_id: string;
  lead_status: LeadStatus;
}

/** The one error shape of every API route. */
export interface ApiErrorBody {
  error: {
    status: number;
    message: string;
    /** Field name → first message, for 400s caused by form values. */
    fields?: Record<string, string>;
  };
}
