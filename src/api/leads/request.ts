/**
 * The lead route's request body, checked field by field: wrong shapes get a 400 that says which
 * field and what was expected (never a 500).
 */
import { HONEYPOT_FIELD, type LeadSaveRequest } from '../../forms/contract.ts';
import { ApiError } from '../errors.ts';

export interface LeadSave {
  idempotencyKey: string;
  leadId?: string;
  isLastStep: boolean;
  form: { pageId: string; blockId: string; step: string };
  /** The values as sent, without the honeypot field. */
  values: Record<string, unknown>;
  tracking: Record<string, string>;
  /** The honeypot field was filled: kept, flagged, never delivered. */
  spam: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = /^[\w.:-]{8,200}$/;
const MAX_FIELDS = 300;

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function bad(message: string): never {
  throw new ApiError(400, message);
}

function idString(v: unknown, name: string): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim() && v.length <= 200) return v.trim();
  return bad(`${name} must be a non-empty string.`);
}

function filled(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  return v !== undefined && v !== null && v !== false;
}

export function parseLeadSave(body: Record<string, unknown>): LeadSave {
  const raw = body as Partial<Record<keyof LeadSaveRequest, unknown>>;
  if (raw.idempotencyKey === undefined || raw.idempotencyKey === null || raw.idempotencyKey === '') {
    bad('idempotencyKey is required: one random id per form session, sent with every save.');
  }
  if (typeof raw.idempotencyKey !== 'string' || !KEY.test(raw.idempotencyKey)) {
    bad('idempotencyKey must be a string of 8 to 200 letters, digits, "-", "_", "." or ":".');
  }
  let leadId: string | undefined;
  if (raw.lead_id !== undefined && raw.lead_id !== null && raw.lead_id !== '') {
    if (typeof raw.lead_id !== 'string' || !UUID.test(raw.lead_id)) bad('lead_id must be the id returned by an earlier save.');
    leadId = raw.lead_id.toLowerCase();
  }
  if (typeof raw.isLastStep !== 'boolean') bad('isLastStep must be true or false.');
  if (!isObject(raw.form)) bad('form must be an object with pageId, blockId and step.');
  const form = {
    pageId: idString(raw.form.pageId, 'form.pageId'),
    blockId: idString(raw.form.blockId, 'form.blockId'),
    step: idString(raw.form.step, 'form.step'),
  };
  if (!isObject(raw.values)) bad('values must be an object of field values.');
  const entries = Object.entries(raw.values);
  if (entries.length > MAX_FIELDS) bad(`values holds more than ${MAX_FIELDS} fields.`);
  const tracking: Record<string, string> = {};
  if (raw.tracking !== undefined && raw.tracking !== null) {
    if (!isObject(raw.tracking)) bad('tracking must be an object of strings.');
    for (const [k, v] of Object.entries(raw.tracking)) {
      if (typeof v !== 'string') bad(`tracking.${k} must be a string.`);
      tracking[k] = v;
    }
  }
  if (raw.site !== undefined && typeof raw.site !== 'string') bad('site must be a dealer site slug.');
  const values: Record<string, unknown> = {};
  for (const [k, v] of entries) if (k !== HONEYPOT_FIELD) values[k] = v;
  return {
    idempotencyKey: raw.idempotencyKey,
    leadId,
    isLastStep: raw.isLastStep,
    form,
    values,
    tracking,
    spam: filled(raw.values[HONEYPOT_FIELD]),
  };
}

/**
 * What a partial save lacks before it may create or update a lead: a name (name or first_name)
 * and a way to reply (email or phone). Empty when it has both.
 */
export function missingContact(values: Record<string, unknown>): string[] {
  const has = (k: string) => typeof values[k] === 'string' && (values[k] as string).trim() !== '';
  const missing: string[] = [];
  if (!has('name') && !has('first_name')) missing.push('a name (name or first_name)');
  if (!has('email') && !has('phone')) missing.push('an email or phone');
  return missing;
}
