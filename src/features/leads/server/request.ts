/**
 * The lead route's request body as the route reads it, once validate() has parsed it by its schema
 * (src/features/leads/contract/leads.ts): wrong shapes get a 400 that says which field and what
 * was expected (never a 500).
 */
import { HONEYPOT_FIELD } from '../../../forms/contract.ts';
import type { LeadSaveBody, LeadValue } from '../contract/leads.ts';
import { ApiError } from '../../../api/core/errors.ts';
import type { OnProblem } from '../../../api/core/validate.ts';

export interface LeadSave {
  idempotencyKey: string;
  leadId?: string;
  isLastStep: boolean;
  form: { pageId: string; blockId: string; step: string };
  /** The values as sent, without the honeypot field. */
  values: Record<string, LeadValue>;
  tracking: Record<string, string>;
  /** The honeypot field was filled: kept, flagged, never delivered. */
  spam: boolean;
}

function filled(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  return v !== undefined && v !== null && v !== false;
}

/** A refused body: a form value's problem is keyed by its field's name, as the form shows it beside the field. */
export const leadProblem: OnProblem = ({ message, fields }) =>
  new ApiError(
    400,
    message,
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^values\./, ''), v])),
  );

/** The parsed body as a save: the honeypot field taken out of the values and flagged. */
export function leadSaveOf(raw: LeadSaveBody): LeadSave {
  const values: Record<string, LeadValue> = {};
  for (const [k, v] of Object.entries(raw.values)) if (k !== HONEYPOT_FIELD) values[k] = v;
  return {
    idempotencyKey: raw.idempotencyKey,
    leadId: raw.lead_id,
    isLastStep: raw.isLastStep,
    form: raw.form,
    values,
    tracking: raw.tracking,
    spam: filled(raw.values[HONEYPOT_FIELD]),
  };
}

/**
 * What a partial save lacks before it may create or update a lead: a name (name or first_name)
 * and a way to reply (email or phone). Empty when it has both.
 */
export function missingContact(values: Record<string, unknown>): string[] {
  const has = (k: string) => typeof values[k] === 'string' && values[k].trim() !== '';
  const missing: string[] = [];
  if (!has('name') && !has('first_name')) missing.push('a name (name or first_name)');
  if (!has('email') && !has('phone')) missing.push('an email or phone');
  return missing;
}
